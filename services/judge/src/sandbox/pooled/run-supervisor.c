/*
 * The supervisor of a pooled sandbox slot. It runs as PID 1 of a long-lived bwrap (every namespace,
 * read-only root, the host's / at /host (as writable as it is to the slot uid), CAP_SYS_ADMIN only inside its user namespace)
 * and serves one run at a time over stdin/stdout frames: [type u8][length u32 LE][payload].
 *
 * Per run it clones a run init into fresh pid, mount and IPC namespaces. The init builds the run's
 * view (the box at /box, the request's mounts, a private /proc and /tmp), hides /host, reports
 * ready, and waits for the judge's go (the judge first moves it into the run's cgroups). It then
 * forks the program (rlimits, no capabilities, a new session) and reports its wait status; its exit
 * tears the pid namespace down, so nothing of the run survives it.
 *
 * Host → supervisor: 'R' request, 'G' go, 'I' stdin bytes, 'E' stdin end, 'K' kill.
 * Supervisor → host: 'P' prepared, 'O' stdout bytes, 'D' stderr bytes, 'X' "status wall_us killed",
 * 'F' failure text. killed: 0 none, 1 wall, 2 output, 3 host kill.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_FIELDS 4096
#define STDERR_DRAIN (16u * 1024u * 1024u)
#define STDIN_BUFFER (4u * 1024u * 1024u)

static char *fields[MAX_FIELDS];
static int field_count;
static int next_field;

static void write_all(int fd, const void *data, size_t length) {
  const char *p = data;
  while (length > 0) {
    ssize_t n = write(fd, p, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(3);
    p += n;
    length -= (size_t)n;
  }
}

static void send_frame(char type, const void *data, uint32_t length) {
  unsigned char header[5] = {(unsigned char)type, length & 255, (length >> 8) & 255, (length >> 16) & 255,
                             (length >> 24) & 255};
  write_all(1, header, 5);
  if (length > 0) write_all(1, data, length);
}

static void fail(const char *what) {
  char text[512];
  int n = snprintf(text, sizeof text, "%s: %s", what, strerror(errno));
  send_frame('F', text, (uint32_t)n);
}

static int read_all(int fd, void *data, size_t length) {
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
static char read_frame(char **payload, uint32_t *length) {
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

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* The request, in field order. */
static const char *box_host;
static int box_writable;
static long long cpu_seconds, fsize_bytes, stack_bytes, wall_ms, stdout_cap, stderr_keep;
static int stdin_mode, stdout_mode, stderr_mode;
static int mount_count;
static char **mount_fields;
static char **env;
static char **argv;
static int run_pipes[3][2];
static int gate[2], report[2];

static int make_target(const char *target, const char *source) {
  struct stat st;
  if (lstat(target, &st) == 0) return 0;
  if (stat(source, &st) < 0) return -1;
  if (S_ISDIR(st.st_mode)) return mkdir(target, 0755);
  int fd = open(target, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return -1;
  return close(fd);
}

static const char *bind_step;

static int bind(const char *host, const char *target, int writable) {
  char source[4096];
  snprintf(source, sizeof source, "/host%s", host);
  bind_step = "target";
  if (make_target(target, source) < 0) return -1;
  bind_step = "bind";
  if (mount(source, target, NULL, MS_BIND | MS_REC, NULL) < 0) return -1;
  bind_step = "remount";
  /* A writable bind keeps the flags of its source, which the judge bound writable (its work root). */
  if (writable) return 0;
  /* The kernel locked the flags of mounts copied from the judge's namespace: keep the atime and noexec ones. */
  struct statvfs current;
  if (statvfs(target, &current) < 0) return -1;
  unsigned long flags = MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | MS_RDONLY;
  if (current.f_flag & ST_NOEXEC) flags |= MS_NOEXEC;
  if (current.f_flag & ST_NOATIME) flags |= MS_NOATIME;
  if (current.f_flag & ST_NODIRATIME) flags |= MS_NODIRATIME;
  if (current.f_flag & ST_RELATIME) flags |= MS_RELATIME;
  return mount(NULL, target, NULL, flags, NULL);
}

static int build_view(void) {
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) return fail("private root"), -1;
  if (bind(box_host, "/box", box_writable) < 0) return fail(bind_step), -1;
  for (int i = 0; i < mount_count; i += 1) {
    if (bind(mount_fields[3 * i], mount_fields[3 * i + 1], mount_fields[3 * i + 2][0] == '1') < 0) {
      return fail(mount_fields[3 * i + 1]), -1;
    }
  }
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0) return fail("proc"), -1;
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=1777") < 0) return fail("tmp"), -1;
  /* /host came from a more privileged mount namespace, so the kernel locks it in place: it cannot be
   * unmounted here, but an empty read-only tmpfs over it hides it, and the program cannot unmount that. */
  if (mount("tmpfs", "/host", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY, "size=4k,mode=555") < 0) {
    return fail("hide /host"), -1;
  }
  return 0;
}

static void drop_capabilities(void) {
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  for (int cap = 0; cap <= 63; cap += 1) prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
  struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &header, data) < 0) _exit(126);
  prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

static void limit(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit value = {soft, hard};
  if (setrlimit(resource, &value) < 0) _exit(126);
}

static void exec_program(void) {
  for (int i = 0; i < 3; i += 1) {
    int end = i == 0 ? run_pipes[i][0] : run_pipes[i][1];
    if (dup2(end, i) < 0) _exit(126);
  }
  syscall(SYS_close_range, 3, ~0U, 0);
  setsid();
  limit(RLIMIT_CPU, (rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1);
  limit(RLIMIT_FSIZE, (rlim_t)fsize_bytes, (rlim_t)fsize_bytes);
  limit(RLIMIT_STACK, (rlim_t)stack_bytes, (rlim_t)stack_bytes);
  limit(RLIMIT_CORE, 0, 0);
  limit(RLIMIT_NOFILE, 1024, 1024);
  drop_capabilities();
  if (chdir("/box") < 0) _exit(126);
  signal(SIGPIPE, SIG_DFL);
  environ = env;
  execvp(argv[0], argv);
  _exit(127);
}

/* PID 1 of the run's namespaces. */
static int run_init(void *unused) {
  (void)unused;
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  /* The init keeps its capabilities (so the program, without any, cannot ptrace it); not dumpable either. */
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  close(gate[1]);
  close(report[0]);
  int status = build_view() < 0 ? -1 : 0;
  write_all(report[1], &status, sizeof status);
  if (status < 0) _exit(1);
  char go;
  if (read_all(gate[0], &go, 1) < 0) _exit(1);
  pid_t program = fork();
  if (program == 0) exec_program();
  if (program < 0) _exit(1);
  for (int i = 0; i < 3; i += 1) close(run_pipes[i][0]), close(run_pipes[i][1]);
  for (;;) {
    pid_t done = waitpid(-1, &status, 0);
    if (done == program) break;
    if (done < 0 && errno != EINTR) _exit(1);
  }
  write_all(report[1], &status, sizeof status);
  _exit(0);
}

static void parse_request(char *payload, uint32_t length) {
  field_count = 0;
  next_field = 0;
  for (char *p = payload; p < payload + length && field_count < MAX_FIELDS; p += strlen(p) + 1) {
    fields[field_count++] = p;
  }
  box_host = field();
  box_writable = (int)number();
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
}


static void kill_run(pid_t init, int *killed, int reason) {
  if (*killed == 0) *killed = reason;
  kill(init, SIGKILL);
}

/* Sends the judge everything the run writes, feeds it stdin, enforces the wall and output limits. */
static void relay_run(pid_t init) {
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

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  static char stack[256 * 1024];
  for (;;) {
    char *payload;
    uint32_t length;
    char type = read_frame(&payload, &length);
    if (type != 'R') {
      free(payload);
      continue; /* A go or kill for a run that already ended. */
    }
    parse_request(payload, length);
    int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    int modes[3] = {stdin_mode, stdout_mode, stderr_mode};
    for (int i = 0; i < 3; i += 1) {
      if (modes[i]) {
        if (pipe2(run_pipes[i], O_CLOEXEC) < 0) _exit(4);
      } else {
        run_pipes[i][0] = dup(devnull);
        run_pipes[i][1] = dup(devnull);
      }
    }
    close(devnull);
    if (pipe2(gate, O_CLOEXEC) < 0 || pipe2(report, O_CLOEXEC) < 0) _exit(4);
    pid_t init = clone(run_init, stack + sizeof stack, CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | SIGCHLD, NULL);
    close(gate[0]);
    close(report[1]);
    if (init < 0) {
      fail("clone");
    } else {
      relay_run(init);
    }
    for (int i = 0; i < 3; i += 1) close(run_pipes[i][0]), close(run_pipes[i][1]);
    close(gate[1]);
    close(report[0]);
    free(payload);
  }
}
