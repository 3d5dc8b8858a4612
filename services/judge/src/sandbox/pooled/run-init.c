/*
 * The run init: PID 1 of a run's pid, mount and IPC namespaces. It builds the run's view, waits for
 * the judge's go, forks the program without capabilities and reports its wait status.
 */
#include "run-supervisor.h"

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
  /* size bounds the bytes, nr_inodes the number of files (empty files cost no size): a creation flood ends in ENOSPC. */
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,nr_inodes=16384,mode=1777") < 0) {
    return fail("tmp"), -1;
  }
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
  /* Last, so that nothing above is refused by it; NoNewPrivs (drop_capabilities) lets a process without capabilities install it. */
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &syscall_filter) < 0) _exit(126);
  execvp(argv[0], argv);
  _exit(127);
}

/* PID 1 of the run's namespaces. */
int run_init(void *unused) {
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
