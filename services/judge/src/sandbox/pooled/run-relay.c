/* The run init's side of one started program: stdio relay, wall, output and CPU limits, reaping. */
#include "run-supervisor.h"

/* One run's relay: its fds (-1 once closed), the stdin not yet taken by the program, what was seen. */
struct relay {
  pid_t program;
  int pidfd, in_fd, out_fd, err_fd;
  char *pending;
  size_t pending_length, pending_room;
  int stdin_ended, has_status, status, killed;
  long long stdout_seen, stderr_seen;
  double started, killed_at;
  /*
   * A batch's run: its stdin came with it, and the judge sends nothing for it, so the judge's frames
   * are left unread until it ends (they are the next batches of the slot, pipelined by the judge).
   */
  int batch;
  /* A batch's run: the CPU limit the init watches (0: the judge watches) and when it reads the usage next. */
  long long cpu_limit_ms;
  double cpu_check_at;
};

/*
 * A kill of any kind: every process of the run's pid namespace but the init gets SIGKILL at once; the
 * relay goes on until their pipes end, then the init reports and ends, taking the namespaces with it.
 */
static void stop(struct relay *run, int reason) {
  if (run->killed) return;
  run->killed = reason;
  run->killed_at = now_us();
  kill(-1, SIGKILL);
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
      if (!run->pending) _exit(4);
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
  if (n < 0 && errno == EINTR) return;
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
  if (n < 0 && errno == EINTR) return;
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
 * the limit, then at half the time left, at least 10 ms apart; at the limit the run is killed.
 */
static void check_cpu(struct relay *run, double now) {
  if (run->cpu_limit_ms == 0 || run->killed || now < run->cpu_check_at) return;
  long long used_ms = accounting_cpu_ns() / 1000000;
  if (used_ms >= run->cpu_limit_ms) return stop(run, 4);
  double wait_ms = (double)(run->cpu_limit_ms - used_ms) / 2;
  run->cpu_check_at = now + (wait_ms < 10 ? 10 : wait_ms) * 1e3;
}

/*
 * The program ended (its pidfd is readable): its status, then whatever it left. Every process the
 * program left was reparented to this init when its parent died, so no child left means nothing left
 * in the namespace: then kill(-1), which walks every task of the host, is skipped.
 */
static void reap_program(struct relay *run) {
  if (waitpid(run->program, &run->status, WNOHANG) != run->program) return;
  run->has_status = 1;
  close(run->pidfd), run->pidfd = -1;
  if (waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD) return;
  kill_run_processes();
}

/* Until the program and everything it left are gone and its stdout and stderr closed, or 5 s after a kill. */
static void relay_loop(struct relay *run) {
  while (run->pidfd >= 0 || run->out_fd >= 0 || run->err_fd >= 0) {
    if (judge_kill) stop(run, 3);
    if (run->in_fd >= 0 && run->stdin_ended && run->pending_length == 0) close(run->in_fd), run->in_fd = -1;
    /* Past a few MiB of unread stdin, stop taking more from the judge until the program reads; a batch's run takes none. */
    int host_fd = !run->batch && run->pending_length < STDIN_BUFFER ? 0 : -1;
    struct pollfd polled[5] = {{host_fd, POLLIN, 0},
                               {run->out_fd, POLLIN, 0},
                               {run->err_fd, POLLIN, 0},
                               {run->pidfd, POLLIN, 0},
                               {run->pending_length > 0 ? run->in_fd : -1, POLLOUT, 0}};
    double now = now_us();
    check_cpu(run, now);
    double deadline = run->killed ? run->killed_at + 5e6 : run->started + wall_ms * 1e3;
    if (now >= deadline) {
      if (run->killed) break; /* Something kept a pipe open after the kill; the init's end takes it. */
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
    if (polled[3].revents) reap_program(run);
  }
}

/*
 * Sends the judge everything the program writes, feeds it stdin, enforces the wall and output limits,
 * a batch's CPU limit and the judge's kills. Returns -1 when the run was killed: every process of it
 * is then gone, and the init must end (its namespaces with it); 0 when the program ended by itself.
 */
int relay_program(pid_t program, int pidfd, const int parent_ends[3], const struct batch_run *batch,
                  struct run_report *report) {
  struct relay run = {.program = program, .pidfd = pidfd, .in_fd = parent_ends[0], .out_fd = parent_ends[1],
                      .err_fd = parent_ends[2], .status = -1, .started = now_us()};
  if (batch) {
    /* The whole stdin is here already, and no 'I' frame will come. */
    run.batch = 1;
    run.cpu_limit_ms = batch->cpu_limit_ms;
    run.cpu_check_at = run.started + (batch->cpu_limit_ms < 20 ? 10 : batch->cpu_limit_ms / 2) * 1e3;
    run.stdin_ended = 1;
    if (batch->stdin_length > 0 && run.in_fd >= 0) {
      run.pending = malloc(batch->stdin_length);
      if (!run.pending) _exit(4);
      memcpy(run.pending, batch->stdin_bytes, batch->stdin_length);
      run.pending_length = run.pending_room = batch->stdin_length;
    }
  }
  if (run.in_fd >= 0) fcntl(run.in_fd, F_SETFL, O_NONBLOCK);
  relay_loop(&run);
  double ended = now_us();
  if (run.in_fd >= 0) close(run.in_fd);
  if (run.out_fd >= 0) close(run.out_fd);
  if (run.err_fd >= 0) close(run.err_fd);
  free(run.pending);
  if (run.killed) {
    /* Nothing of a killed run may be left when it is reported; the init's end then takes its namespaces. */
    kill_run_processes();
    if (run.pidfd >= 0) close(run.pidfd);
  }
  *report = (struct run_report){run.has_status, run.status, run.killed, (long long)(ended - run.started)};
  return run.killed ? -1 : 0;
}
