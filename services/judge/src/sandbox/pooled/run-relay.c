/* The supervisor's side of one run: stdio relay, wall and output limits, the final report. */
#include "run-supervisor.h"

static void kill_run(pid_t init, int *killed, int reason) {
  if (*killed == 0) *killed = reason;
  kill(init, SIGKILL);
}

/* The request and the program's ends of its stdio, in one message; the payload follows. */
static int hand_over(const char *payload, uint32_t length) {
  int fds[3] = {run_pipes[0][0], run_pipes[1][1], run_pipes[2][1]};
  char control[CMSG_SPACE(sizeof fds)];
  memset(control, 0, sizeof control);
  struct iovec header = {&length, sizeof length};
  struct msghdr message = {.msg_iov = &header, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  struct cmsghdr *rights = CMSG_FIRSTHDR(&message);
  rights->cmsg_level = SOL_SOCKET;
  rights->cmsg_type = SCM_RIGHTS;
  rights->cmsg_len = CMSG_LEN(sizeof fds);
  memcpy(CMSG_DATA(rights), fds, sizeof fds);
  ssize_t sent;
  do sent = sendmsg(init_channel[0], &message, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  if (sent != (ssize_t)sizeof length) return -1;
  /* The run init may have died: a failed write must not end the supervisor (write_all would). */
  for (uint32_t at = 0; at < length;) {
    ssize_t n = send(init_channel[0], payload + at, length - at, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    at += (uint32_t)n;
  }
  return 0;
}

/*
 * Sends the judge everything the run writes, feeds it stdin, enforces the wall and output limits.
 * Returns -1 when the run init must be replaced: the run was killed, or the init died or failed.
 */
int relay_run(pid_t init, const char *payload, uint32_t length) {
  int handed = hand_over(payload, length);
  close(run_pipes[0][0]), close(run_pipes[1][1]), close(run_pipes[2][1]);
  run_pipes[0][0] = run_pipes[1][1] = run_pipes[2][1] = -1;
  if (handed < 0) {
    fail("the run init is gone");
    return -1;
  }
  int status = -1;
  int killed = 0;
  double started = now_us();
  int in_fd = stdin_mode ? run_pipes[0][1] : -1, out_fd = run_pipes[1][0], err_fd = run_pipes[2][0];
  if (!stdin_mode) close(run_pipes[0][1]);
  run_pipes[0][1] = -1;
  if (in_fd >= 0) fcntl(in_fd, F_SETFL, O_NONBLOCK);
  if (!stdout_mode) close(out_fd), out_fd = -1;
  if (!stderr_mode) close(err_fd), err_fd = -1;
  run_pipes[1][0] = run_pipes[2][0] = -1;
  char *pending = NULL;
  size_t pending_length = 0, pending_room = 0;
  int stdin_ended = 0, report_fd = init_channel[0], has_status = 0;
  long long stdout_seen = 0, stderr_seen = 0;
  double killed_at = 0;
  static char chunk[65536];
  while (report_fd >= 0 || out_fd >= 0 || err_fd >= 0) {
    if (in_fd >= 0 && stdin_ended && pending_length == 0) close(in_fd), in_fd = -1;
    /* Past a few MiB of unread stdin, stop taking more from the judge until the program reads. */
    int host_fd = pending_length < STDIN_BUFFER ? 0 : -1;
    struct pollfd polled[5] = {{host_fd, POLLIN, 0}, {out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}, {report_fd, POLLIN, 0},
                               {pending_length > 0 ? in_fd : -1, POLLOUT, 0}};
    double now = now_us();
    double deadline = killed ? killed_at + 5e6 : started + wall_ms * 1e3;
    if (now >= deadline) {
      if (killed) break; /* Something kept a pipe open after the kill; the judge's cgroup sweep ends it. */
      kill_run(init, &killed, 1);
      killed_at = now;
      continue;
    }
    int timeout = (int)((deadline - now) / 1e3) + 1;
    if (poll(polled, 5, timeout) < 0) continue;
    if (polled[0].revents) {
      char *payload;
      uint32_t length;
      char type = read_frame(&payload, &length);
      if (type == 'I' && in_fd >= 0) {
        if (pending_length + length > pending_room) {
          pending_room = (pending_length + length) * 2;
          pending = realloc(pending, pending_room);
        }
        memcpy(pending + pending_length, payload, length);
        pending_length += length;
      } else if (type == 'E') {
        stdin_ended = 1;
      } else if (type == 'K' && !killed) {
        kill_run(init, &killed, 3);
        killed_at = now_us();
      }
      free(payload);
    }
    if (polled[4].revents) {
      ssize_t n = write(in_fd, pending, pending_length);
      if (n > 0) {
        memmove(pending, pending + n, pending_length - (size_t)n);
        pending_length -= (size_t)n;
      } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        close(in_fd), in_fd = -1, pending_length = 0;
      }
    }
    if (polled[1].revents) {
      ssize_t n = read(out_fd, chunk, sizeof chunk);
      if (n <= 0) {
        close(out_fd), out_fd = -1;
      } else {
        long long room = stdout_cap - stdout_seen;
        long long kept = n > room ? room : n;
        if (kept > 0) send_frame('O', chunk, (uint32_t)kept);
        stdout_seen += kept;
        if (n > room && !killed) {
          kill_run(init, &killed, 2);
          killed_at = now_us();
        }
      }
    }
    if (polled[2].revents) {
      ssize_t n = read(err_fd, chunk, sizeof chunk);
      if (n <= 0) {
        close(err_fd), err_fd = -1;
      } else {
        long long room = stderr_keep - stderr_seen;
        if (room > 0) send_frame('D', chunk, (uint32_t)(n > room ? room : n));
        stderr_seen += n;
        /* Past the drain the program gets EPIPE: a flood costs the judge nothing more. */
        if (stderr_seen > STDERR_DRAIN) close(err_fd), err_fd = -1;
      }
    }
    if (polled[3].revents) {
      /* The init's socket stays open for the next run: only stop watching it. */
      if (read_all(report_fd, &status, sizeof status) == 0) has_status = 1;
      report_fd = -1;
    }
  }
  double ended = now_us();
  if (in_fd >= 0) close(in_fd);
  if (out_fd >= 0) close(out_fd);
  if (err_fd >= 0) close(err_fd);
  free(pending);
  if (has_status && status < 0) {
    /* The run init could not build the run's view; it said why in an 'F' frame and is ending. */
    return -1;
  }
  /* A killed run may have left processes behind: its init goes, and their namespace with it. */
  int replace = killed || !has_status ? -1 : 0;
  if (replace < 0) kill(init, SIGKILL);
  char text[128];
  int n = snprintf(text, sizeof text, "%d %d %lld %d", has_status, status, (long long)(ended - started), killed);
  send_frame('X', text, (uint32_t)n);
  return replace;
}
