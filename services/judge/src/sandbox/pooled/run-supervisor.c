/*
 * The supervisor of a pooled sandbox slot. It runs as PID 1 of a long-lived bwrap (every namespace,
 * read-only root, the host's / at /host as the slot uid sees it, CAP_SYS_ADMIN only inside its user
 * namespace); the slot serves one run at a time over stdin/stdout frames: [type u8][length u32 LE][payload].
 *
 * The supervisor reads only the first frame (the syscall filter) and then keeps one run init
 * (run-init.c) in its own pid, mount and IPC namespaces, which reads and answers every frame after it
 * itself, so a run wakes one process of the slot, not two: per run the init builds the run's view (the
 * box at /box: the host dir, or for a fresh box a tmpfs whose kept files it copies out; the request's
 * mounts; a fresh /tmp and IPC namespace), forks the program as PID 2 (it joins the run's cgroups
 * through the judge's fds, drops every capability, execs), relays its stdio and enforces its limits
 * (run-relay.c), kills and reaps whatever the run left, reports, and undoes the run's mounts. A run
 * ended by a kill (wall, output, CPU, 'K') costs the init: it kills every process of the run, reports
 * and ends, taking the run's namespaces with it, and the supervisor makes a new one, so nothing of a
 * killed run survives. The supervisor only waits for its init: it makes the next one after a kill
 * (INIT_REPLACE) and ends when one ends any other way (the judge gone; or killed from outside, when
 * the frames' state is unknown: the judge then starts the slot again). Why the init is kept:
 * namespaces, /proc and their teardown were most of a trivial run's cost (docs/judging.md, "Sandbox
 * throughput").
 *
 * Host → slot: 'S' syscall filter (once, first), 'R' request, 'I' stdin bytes, 'E' stdin end, 'K' kill,
 * 'B' a batch: runs one after the other, each entry [u32 CPU limit ms][u32 request length][u32 stdin
 * length][request][stdin], all LE; the init resets and reads the cgroups itself (run-accounting.c)
 * and watches each run's CPU time, so the judge takes no part between the runs of a batch. The judge
 * may write the next 'B' before a batch ends (pipelined single runs, slot-pipelines.ts): a batch's run
 * reads no frame (run-relay.c), so the init takes it after the batch's 'Z'.
 * Slot → host: 'O' stdout bytes, 'D' stderr bytes, 'X' "has_status status wall_us killed" (for a
 * batch's run followed by " cpu_ns peak_bytes oom_kills pids_hits"), 'F' failure text, 'Z' "runs done"
 * at the end of a batch (fewer than asked when one failed to start, was killed or its tasks outlived
 * it: the judge sweeps the cgroups and runs the rest itself). killed: 0 none, 1 wall, 2 output, 3 host
 * kill ('K' or the judge's SIGUSR1), 4 CPU. (For a single run the judge's CPU watchdog signals the run
 * init (SIGUSR1), so 'K' is only for a caller that cannot.)
 * argv[1]: how many cgroup.procs fds the judge passed from fd 4 on; argv[2]: the accounting fds (run-supervisor.h).
 * Parts: this file (frames, requests, batches, the supervisor's loop), run-init.c (the init's loop, the
 * run's view and exec), run-relay.c, run-accounting.c.
 */
#include "run-supervisor.h"

#define MAX_FIELDS 4096

static char *fields[MAX_FIELDS];
static int field_count;
static int next_field;

void write_all(int fd, const void *data, size_t length) {
  const char *p = data;
  while (length > 0) {
    ssize_t n = write(fd, p, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(3);
    p += n;
    length -= (size_t)n;
  }
}

static size_t put_header(unsigned char *at, char type, uint32_t length) {
  at[0] = (unsigned char)type;
  for (int i = 0; i < 4; i += 1) at[1 + i] = (length >> (8 * i)) & 255;
  return 5;
}

/* Small frames (every 'X') leave in one write, so the judge reads each in one chunk. */
void send_frame(char type, const void *data, uint32_t length) {
  unsigned char frame[5 + 256];
  put_header(frame, type, length);
  if (length <= 256) {
    if (length > 0) memcpy(frame + 5, data, length);
    write_all(1, frame, 5 + length);
    return;
  }
  write_all(1, frame, 5);
  write_all(1, data, length);
}

void fail(const char *what) {
  char text[512];
  int n = snprintf(text, sizeof text, "%s: %s", what, strerror(errno));
  send_frame('F', text, (uint32_t)n);
}

/* A request no program runs for (fail closed): 'F' with why, and for a batch 'B' its end, 'Z 0'. */
void refuse_request(char type, const char *why) {
  send_frame('F', why, (uint32_t)strlen(why));
  if (type == 'B') send_frame('Z', "0", 1);
}

int read_all(int fd, void *data, size_t length) {
  char *p = data;
  while (length > 0) {
    ssize_t n = read(fd, p, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    length -= (size_t)n;
  }
  return 0;
}

/* Reads one frame; the payload is malloc'ed and NUL-terminated. Exits when the judge is gone. */
char read_frame(char **payload, uint32_t *length) {
  unsigned char header[5];
  if (read_all(0, header, 5) < 0) _exit(0);
  *length = header[1] | (header[2] << 8) | (header[3] << 16) | ((uint32_t)header[4] << 24);
  *payload = malloc(*length + 1);
  if (!*payload || read_all(0, *payload, *length) < 0) _exit(0);
  (*payload)[*length] = 0;
  return (char)header[0];
}

static const char *field(void) { return next_field < field_count ? fields[next_field++] : ""; }
static long long number(void) { return atoll(field()); }

double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* The current request, in field order (parse_request). */
const char *box_host;
int box_kind;
long long cpu_seconds, fsize_bytes, stack_bytes, wall_ms, stdout_cap, stderr_keep;
int stdin_mode, stdout_mode, stderr_mode;
int mount_count;
char **mount_fields;
char **env;
char **argv;
int keep_count;
char **keep_names;
int run_pipes[3][2];
int cgroup_fd_count;
char *own_name;
size_t own_name_room;
struct sock_fprog syscall_filter;

void parse_request(char *payload, uint32_t length) {
  field_count = 0;
  next_field = 0;
  for (char *p = payload; p < payload + length && field_count < MAX_FIELDS; p += strlen(p) + 1) {
    fields[field_count++] = p;
  }
  box_host = field();
  box_kind = (int)number();
  cpu_seconds = number(), fsize_bytes = number(), stack_bytes = number(), wall_ms = number();
  stdout_cap = number(), stderr_keep = number();
  stdin_mode = (int)number(), stdout_mode = (int)number(), stderr_mode = (int)number();
  mount_count = (int)number();
  mount_fields = &fields[next_field];
  next_field += 3 * mount_count;
  int env_count = (int)number();
  free(env);
  env = calloc((size_t)env_count + 1, sizeof *env);
  for (int i = 0; i < env_count; i += 1) env[i] = (char *)field();
  int argc = (int)number();
  free(argv);
  argv = calloc((size_t)argc + 1, sizeof *argv);
  for (int i = 0; i < argc; i += 1) argv[i] = (char *)field();
  keep_count = (int)number();
  free(keep_names);
  keep_names = calloc((size_t)keep_count + 1, sizeof *keep_names);
  for (int i = 0; i < keep_count; i += 1) keep_names[i] = (char *)field();
}

static char init_stack[256 * 1024];

/*
 * The run's 'X'; with `batch_done` ≥ 0 (a batch's last run) the batch's 'Z' follows in the same write:
 * one wake-up of the judge, not two.
 */
static void send_report(const struct run_report *report, const struct run_usage *usage, int batch_done) {
  unsigned char frames[5 + 256 + 5 + 32];
  char *text = (char *)frames + 5;
  int n = snprintf(text, 256, "%d %d %lld %d", report->has_status, report->status, report->wall_us, report->killed);
  if (usage) {
    n += snprintf(text + n, 256 - (size_t)n, " %lld %lld %lld %lld", usage->cpu_ns, usage->peak_bytes,
                  usage->oom_kills, usage->pids_hits);
  }
  size_t length = put_header(frames, 'X', (uint32_t)n) + (size_t)n;
  if (batch_done >= 0) {
    int z = snprintf((char *)frames + length + 5, 32, "%d", batch_done);
    length += put_header(frames + length, 'Z', (uint32_t)z) + (size_t)z;
  }
  write_all(1, frames, length);
}

static void send_batch_end(uint32_t done) {
  char text[32];
  int n = snprintf(text, sizeof text, "%u", done);
  send_frame('Z', text, (uint32_t)n);
}

static uint32_t u32_at(const char *at) {
  const unsigned char *b = (const unsigned char *)at;
  return b[0] | (b[1] << 8) | (b[2] << 16) | ((uint32_t)b[3] << 24);
}

/*
 * A batch, in the run init: each run reset, served and read like a single run, its 'X' carrying the
 * usage. Ends early (then 'Z' says how many ran) when a run could not start, the cgroups could not be
 * read or emptied, or a run was killed: a kill ends the init, and the judge runs the rest itself.
 */
static int serve_batch(char *payload, uint32_t length) {
  uint32_t done = 0;
  int keep = 0;
  if (accounting_begin_batch() == 0) {
    for (uint32_t at = 0; length - at >= 12;) {
      uint32_t cpu_ms = u32_at(payload + at), request_length = u32_at(payload + at + 4);
      uint32_t stdin_length = u32_at(payload + at + 8);
      at += 12;
      if (request_length > length - at || stdin_length > length - at - request_length) break;
      /* The request is NUL-terminated for parse_request: its byte after is the stdin's first, kept aside. */
      char *request = malloc(request_length + 1);
      if (!request) _exit(4);
      memcpy(request, payload + at, request_length);
      request[request_length] = 0;
      struct batch_run batch = {cpu_ms, payload + at + request_length, stdin_length};
      at += request_length + stdin_length;
      struct run_report report = {.has_status = -1};
      struct run_usage usage;
      int began = accounting_begin_run();
      if (began == 0) {
        parse_request(request, request_length);
        keep = serve_run(&batch, &report);
      }
      /* The request's fields were the program's until it exec'ed; it is reaped now. */
      free(request);
      if (began < 0 || report.has_status < 0) break;
      int read = accounting_end_run(&usage);
      if (read < 0) {
        if (keep == 0) prepare_next_run();
        break;
      }
      done += 1;
      /* The last run's report carries the batch's end. */
      int last = length - at < 12;
      send_report(&report, &usage, last ? (int)done : -1);
      if (keep == 0) prepare_next_run();
      if (last) return keep;
      if (keep < 0) break;
    }
  }
  send_batch_end(done);
  return keep;
}

/*
 * The frames the run init serves; every other frame is stdin or a kill for a run that already ended
 * (or a second 'S', which is ignored).
 */
int serve_frame(char type, char *payload, uint32_t length) {
  /* The filter came once, to the supervisor, before any init: every init of the slot has the same one. */
  if (type != 'R' && type != 'B') return free(payload), 0;
  if (type == 'B' && !accounting_ready()) {
    /* Fail closed: no program runs unaccounted. */
    refuse_request(type, "no cgroup accounting fds");
    return free(payload), 0;
  }
  int keep;
  if (type == 'R') {
    struct run_report report = {.has_status = -1};
    parse_request(payload, length);
    keep = serve_run(NULL, &report);
    if (report.has_status >= 0) send_report(&report, NULL, -1);
    if (keep == 0) prepare_next_run();
  } else {
    keep = serve_batch(payload, length);
  }
  free(payload);
  return keep;
}

/* A new run init with its own pid, mount and IPC namespaces; 0 when it could not be made. */
static pid_t start_run_init(void) {
  pid_t init = clone(run_init, init_stack + sizeof init_stack, CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | SIGCHLD, NULL);
  return init < 0 ? 0 : init;
}

/* A frame the supervisor answers itself, when no run init can serve it: a request fails closed. */
static void answer_frame(const char *missing) {
  char *payload;
  uint32_t length;
  char type = read_frame(&payload, &length);
  if (type == 'S') {
    /* Kept for the supervisor's lifetime: every program of every init is exec'ed under it. */
    syscall_filter.len = (unsigned short)(length / sizeof(struct sock_filter));
    syscall_filter.filter = (struct sock_filter *)payload;
    return;
  }
  if (type == 'R' || type == 'B') refuse_request(type, missing);
  free(payload);
}

/*
 * The supervisor reads the judge's frames only until it has the syscall filter (the judge's first
 * frame); from then on the run init reads and answers them itself, so a run's frames wake one process,
 * not two. The supervisor waits for the init and makes a new one after a kill (INIT_REPLACE); when an
 * init ends any other way (the judge gone, or killed from outside mid-frame) the supervisor ends too.
 */
int main(int argc, char **argv_in) {
  signal(SIGPIPE, SIG_IGN);
  cgroup_fd_count = argc > 1 ? atoi(argv_in[1]) : 0;
  parse_accounting_fds(argc > 2 ? argv_in[2] : NULL);
  own_name = argv_in[0];
  own_name_room = strlen(argv_in[0]);
  for (;;) {
    /* Fail closed: no program runs without the filter or outside the run's cgroups. */
    if (syscall_filter.len == 0 || cgroup_fd_count == 0) {
      answer_frame(syscall_filter.len == 0 ? "no syscall filter" : "no cgroup fds");
      continue;
    }
    pid_t init = start_run_init();
    if (init == 0) {
      char why[128];
      snprintf(why, sizeof why, "clone: %s", strerror(errno));
      answer_frame(why);
      continue;
    }
    int status;
    while (waitpid(init, &status, 0) < 0) {
      if (errno != EINTR) _exit(5);
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) _exit(0); /* The judge is gone. */
    if (!WIFEXITED(status) || WEXITSTATUS(status) != INIT_REPLACE) _exit(6);
  }
}
