/* The supervisor's side of one run: stdio relay, wall and output limits, the final report. */
#include "run-supervisor.h"

static void kill_run(pid_t init, int *killed, int reason) {
  if (*killed == 0) *killed = reason;
  kill(init, SIGKILL);
}

/* Sends the judge everything the run writes, feeds it stdin, enforces the wall and output limits. */
void relay_run(pid_t init) {
  close(run_pipes[0][0]), close(run_pipes[1][1]), close(run_pipes[2][1]);
  run_pipes[0][0] = run_pipes[1][1] = run_pipes[2][1] = -1;
  int status = -1;
  if (read_all(report[0], &status, sizeof status) < 0 || status < 0) {
    if (status >= 0) fail("the run init died");
    kill(init, SIGKILL);
    waitpid(init, NULL, 0);
    return;
  }
  send_frame('P', NULL, 0);
  int killed = 0;
  for (;;) {
    char *payload;
    uint32_t length;
    char type = read_frame(&payload, &length);
    free(payload);
    if (type == 'G') break;
    if (type == 'K') {
      kill_run(init, &killed, 3);
      break;
    }
  }
  char go = 1;
  if (!killed) write_all(gate[1], &go, 1);
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
  int stdin_ended = 0, report_fd = report[0], has_status = 0;
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
      if (read_all(report_fd, &status, sizeof status) == 0) has_status = 1;
      close(report_fd), report_fd = -1, report[0] = -1;
    }
  }
  double ended = now_us();
  if (in_fd >= 0) close(in_fd);
  if (out_fd >= 0) close(out_fd);
  if (err_fd >= 0) close(err_fd);
  free(pending);
  kill(init, SIGKILL);
  waitpid(init, NULL, 0);
  char text[128];
  int n = snprintf(text, sizeof text, "%d %d %lld %d", has_status, status, (long long)(ended - started), killed);
  send_frame('X', text, (uint32_t)n);
}
