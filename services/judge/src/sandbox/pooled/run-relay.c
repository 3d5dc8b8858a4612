/* The supervisor's side of one run: stdio relay, wall and output limits, the final report. */
#include "run-supervisor.h"

static void kill_run(pid_t init, int *killed, int reason) {
  if (*killed == 0) *killed = reason;
  kill(init, SIGKILL);
}

/*
 * The request's length with the program's ends of its stdio, and as much of the payload as the socket
 * takes, in one message: the run init reads the payload without waiting for a second send.
 */
static int hand_over(const char *payload, uint32_t length) {
  int fds[3] = {run_pipes[0][0], run_pipes[1][1], run_pipes[2][1]};
  char control[CMSG_SPACE(sizeof fds)];
  memset(control, 0, sizeof control);
  struct iovec parts[2] = {{&length, sizeof length}, {(void *)payload, length}};
  struct msghdr message = {.msg_iov = parts, .msg_iovlen = 2, .msg_control = control, .msg_controllen = sizeof control};
  struct cmsghdr *rights = CMSG_FIRSTHDR(&message);
  rights->cmsg_level = SOL_SOCKET;
  rights->cmsg_type = SCM_RIGHTS;
  rights->cmsg_len = CMSG_LEN(sizeof fds);
  memcpy(CMSG_DATA(rights), fds, sizeof fds);
  ssize_t sent;
  do sent = sendmsg(init_channel[0], &message, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  if (sent < (ssize_t)sizeof length) return -1;
  /* The run init may have died: a failed write must not end the supervisor (write_all would). */
  for (uint32_t at = (uint32_t)(sent - (ssize_t)sizeof length); at < length;) {
    ssize_t n = send(init_channel[0], payload + at, length - at, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    at += (uint32_t)n;
  }
  return 0;
}

/* One run's relay: its fds (-1 once closed), the stdin not yet taken by the program, what was seen. */
struct relay {
  pid_t init;
  int in_fd, out_fd, err_fd, report_fd;
  char *pending;
  size_t pending_length, pending_room;
  int stdin_ended, has_status, status, killed;
  long long stdout_seen, stderr_seen;
  double started, killed_at;
  /* A batch's run: the CPU limit the supervisor watches (0: the judge watches) and when it reads the usage next. */
  long long cpu_limit_ms;
  double cpu_check_at;
};

static void stop(struct relay *run, int reason) {
  if (run->killed) return;
  kill_run(run->init, &run->killed, reason);
  run->killed_at = now_us();
}

/* A frame from the judge during the run: stdin bytes, its end, or a kill. */
static void take_host_frame(struct relay *run) {
  char *payload;
  uint32_t length;
  char type = read_frame(&payload, &length);
  if (type == 'I' && run->in_fd >= 0) {
    if (run->pending_length + length > run->pending_room) {
      run->pending_room = (run->pending_length + length) * 2;
      run->pending = realloc(run->pending, run->pending_room);
    }
    memcpy(run->pending + run->pending_length, payload, length);
    run->pending_length += length;
  } else if (type == 'E') {
    run->stdin_ended = 1;
  } else if (type == 'K') {
    stop(run, 3);
  }
  free(payload);
}

static void feed_stdin(struct relay *run) {
  ssize_t n = write(run->in_fd, run->pending, run->pending_length);
  if (n > 0) {
    memmove(run->pending, run->pending + n, run->pending_length - (size_t)n);
    run->pending_length -= (size_t)n;
  } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
    close(run->in_fd), run->in_fd = -1, run->pending_length = 0;
  }
}

static char chunk[65536];

/* Stdout up to the cap, then the run is killed for its output. */
static void relay_stdout(struct relay *run) {
  ssize_t n = read(run->out_fd, chunk, sizeof chunk);
  if (n <= 0) {
    close(run->out_fd), run->out_fd = -1;
    return;
  }
  long long room = stdout_cap - run->stdout_seen;
  long long kept = n > room ? room : n;
  if (kept > 0) send_frame('O', chunk, (uint32_t)kept);
  run->stdout_seen += kept;
  if (n > room) stop(run, 2);
}

/* Stderr: the first bytes kept, more read and dropped up to the drain, then closed. */
static void relay_stderr(struct relay *run) {
  ssize_t n = read(run->err_fd, chunk, sizeof chunk);
  if (n <= 0) {
    close(run->err_fd), run->err_fd = -1;
    return;
  }
  long long room = stderr_keep - run->stderr_seen;
  if (room > 0) send_frame('D', chunk, (uint32_t)(n > room ? room : n));
  run->stderr_seen += n;
  /* Past the drain the program gets EPIPE: a flood costs the judge nothing more. */
  if (run->stderr_seen > STDERR_DRAIN) close(run->err_fd), run->err_fd = -1;
}

/*
 * A batch's CPU watchdog, as the judge's for a single run (pooled-sandbox.ts): the first reading at half
 * the limit, then at half the time left, at least 10 ms apart; at the limit the run init is killed.
 */
static void check_cpu(struct relay *run, double now) {
  if (run->cpu_limit_ms == 0 || run->killed || now < run->cpu_check_at) return;
  long long used_ms = accounting_cpu_ns() / 1000000;
  if (used_ms >= run->cpu_limit_ms) return stop(run, 4);
  double wait_ms = (double)(run->cpu_limit_ms - used_ms) / 2;
  run->cpu_check_at = now + (wait_ms < 10 ? 10 : wait_ms) * 1e3;
}

/* Until the init reported and the program's stdout and stderr closed, or 5 s after a kill. */
static void relay_loop(struct relay *run) {
  while (run->report_fd >= 0 || run->out_fd >= 0 || run->err_fd >= 0) {
    if (run->in_fd >= 0 && run->stdin_ended && run->pending_length == 0) close(run->in_fd), run->in_fd = -1;
    /* Past a few MiB of unread stdin, stop taking more from the judge until the program reads. */
    int host_fd = run->pending_length < STDIN_BUFFER ? 0 : -1;
    struct pollfd polled[5] = {{host_fd, POLLIN, 0},
                               {run->out_fd, POLLIN, 0},
                               {run->err_fd, POLLIN, 0},
                               {run->report_fd, POLLIN, 0},
                               {run->pending_length > 0 ? run->in_fd : -1, POLLOUT, 0}};
    double now = now_us();
    check_cpu(run, now);
    double deadline = run->killed ? run->killed_at + 5e6 : run->started + wall_ms * 1e3;
    if (now >= deadline) {
      if (run->killed) break; /* Something kept a pipe open after the kill; the judge's cgroup sweep ends it. */
      stop(run, 1);
      continue;
    }
    double wake = run->cpu_limit_ms && !run->killed && run->cpu_check_at < deadline ? run->cpu_check_at : deadline;
    int timeout = (int)((wake - now) / 1e3) + 1;
    if (poll(polled, 5, timeout) < 0) continue;
    if (polled[0].revents) take_host_frame(run);
    if (polled[4].revents) feed_stdin(run);
    if (polled[1].revents) relay_stdout(run);
    if (polled[2].revents) relay_stderr(run);
    if (polled[3].revents) {
      /* The init's socket stays open for the next run: only stop watching it. */
      if (read_all(run->report_fd, &run->status, sizeof run->status) == 0) run->has_status = 1;
      run->report_fd = -1;
    }
  }
}

/*
 * Sends the judge everything the run writes, feeds it stdin, enforces the wall and output limits (and
 * a batch's CPU limit). Returns -1 when the run init must be replaced: the run was killed, or the init
 * died or failed.
 */
int relay_run(pid_t init, const char *payload, uint32_t length, const struct batch_run *batch, struct run_report *report) {
  report->has_status = -1;
  int handed = hand_over(payload, length);
  close(run_pipes[0][0]), close(run_pipes[1][1]), close(run_pipes[2][1]);
  run_pipes[0][0] = run_pipes[1][1] = run_pipes[2][1] = -1;
  if (handed < 0) {
    fail("the run init is gone");
    return -1;
  }
  struct relay run = {.init = init, .in_fd = -1, .out_fd = run_pipes[1][0], .err_fd = run_pipes[2][0],
                      .report_fd = init_channel[0], .status = -1, .started = now_us()};
  if (batch) {
    /* The whole stdin is here already, and no 'I' frame will come. */
    run.cpu_limit_ms = batch->cpu_limit_ms;
    run.cpu_check_at = run.started + (batch->cpu_limit_ms < 20 ? 10 : batch->cpu_limit_ms / 2) * 1e3;
    run.stdin_ended = 1;
    if (batch->stdin_length > 0) {
      run.pending = malloc(batch->stdin_length);
      if (!run.pending) _exit(4);
      memcpy(run.pending, batch->stdin_bytes, batch->stdin_length);
      run.pending_length = run.pending_room = batch->stdin_length;
    }
  }
  if (stdin_mode) run.in_fd = run_pipes[0][1];
  else close(run_pipes[0][1]);
  run_pipes[0][1] = -1;
  if (run.in_fd >= 0) fcntl(run.in_fd, F_SETFL, O_NONBLOCK);
  if (!stdout_mode) close(run.out_fd), run.out_fd = -1;
  if (!stderr_mode) close(run.err_fd), run.err_fd = -1;
  run_pipes[1][0] = run_pipes[2][0] = -1;
  relay_loop(&run);
  double ended = now_us();
  if (run.in_fd >= 0) close(run.in_fd);
  if (run.out_fd >= 0) close(run.out_fd);
  if (run.err_fd >= 0) close(run.err_fd);
  free(run.pending);
  /* The run init could not build the run's view; it said why in an 'F' frame and is ending. */
  if (run.has_status && run.status < 0) return -1;
  /* A killed run may have left processes behind: its init goes, and their namespace with it. */
  int replace = run.killed || !run.has_status ? -1 : 0;
  if (replace < 0) kill(init, SIGKILL);
  *report = (struct run_report){run.has_status, run.status, run.killed, (long long)(ended - run.started)};
  return replace;
}
