/*
 * The run init: PID 1 of a run's pid, mount and IPC namespaces. It builds the run's view, waits for
 * the judge's go, forks the program without capabilities and reports its wait status.
 */
#include "run-supervisor.h"
#include <sys/sendfile.h>

/* Files (inodes) a run may make in its /tmp and in a fresh box: a creation flood ends in ENOSPC. */
#define RUN_INODES 16384
/* A fresh box holds one file of the size limit plus this much more. */
#define FRESH_BOX_EXTRA_BYTES (64LL * 1024 * 1024)

static int make_target(const char *target, int source_fd) {
  struct stat st;
  if (lstat(target, &st) == 0) return 0;
  if (fstat(source_fd, &st) < 0) return -1;
  if (S_ISDIR(st.st_mode)) return mkdir(target, 0755);
  int fd = open(target, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return -1;
  return close(fd);
}

static const char *bind_step;

/*
 * The source is opened with O_PATH|O_NOFOLLOW and bound through /proc/self/fd (issue 10, F16): a
 * mount source named by path would follow a symlink in its last component (an artifact the compile
 * box could have left as one), so a symlink is refused and what is bound is the inode checked here.
 */
static int bind(const char *host, const char *target, int writable) {
  char source[4096];
  snprintf(source, sizeof source, "/host%s", host);
  bind_step = "source";
  int source_fd = open(source, O_PATH | O_NOFOLLOW | O_CLOEXEC);
  if (source_fd < 0) return -1;
  struct stat st;
  if (fstat(source_fd, &st) < 0 || S_ISLNK(st.st_mode)) {
    close(source_fd);
    errno = ELOOP;
    return -1;
  }
  bind_step = "target";
  int made = make_target(target, source_fd);
  char by_fd[64];
  snprintf(by_fd, sizeof by_fd, "/proc/self/fd/%d", source_fd);
  bind_step = "bind";
  int bound = made < 0 ? -1 : mount(by_fd, target, NULL, MS_BIND | MS_REC, NULL);
  int saved = errno;
  close(source_fd);
  errno = saved;
  if (bound < 0) return -1;
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

/* A fresh box: the host dir it is copied to (opened before /host is covered), and the tmpfs's device. */
static int box_out = -1;
static dev_t box_dev;

/*
 * A fresh box is a tmpfs (bounded in bytes and inodes, gone with the run's mount namespace) rather
 * than the host dir, which no limit covers: a flood of files there would cost the host's inodes.
 */
static int make_fresh_box(void) {
  char source[4096];
  snprintf(source, sizeof source, "/host%s", box_host);
  bind_step = "fresh box dir";
  box_out = open(source, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (box_out < 0) return -1;
  char options[128];
  snprintf(options, sizeof options, "size=%lld,nr_inodes=%d,mode=755", fsize_bytes + FRESH_BOX_EXTRA_BYTES, RUN_INODES);
  bind_step = "fresh box";
  if (mount("tmpfs", "/box", "tmpfs", MS_NOSUID | MS_NODEV, options) < 0) return -1;
  struct stat st;
  if (stat("/box", &st) < 0) return -1;
  box_dev = st.st_dev;
  return 0;
}

/*
 * After the program and everything it started are gone: copies the kept names that are regular
 * files of the box's own tmpfs (not a mount, symlink, FIFO or dir) to the host dir.
 */
static void keep_files(void) {
  if (box_out < 0) return;
  for (int i = 0; i < keep_count; i += 1) {
    const char *name = keep_names[i];
    if (!name[0] || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..")) continue;
    char path[4096];
    snprintf(path, sizeof path, "/box/%s", name);
    int from = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (from < 0) continue;
    struct stat st;
    if (fstat(from, &st) == 0 && S_ISREG(st.st_mode) && st.st_dev == box_dev) {
      int to = openat(box_out, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
      for (off_t offset = 0; to >= 0 && offset < st.st_size;) {
        if (sendfile(to, from, &offset, (size_t)(st.st_size - offset)) <= 0) break;
      }
      if (to >= 0) close(to);
    }
    close(from);
  }
}

static int build_view(void) {
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) return fail("private root"), -1;
  if (box_kind == BOX_FRESH ? make_fresh_box() < 0 : bind(box_host, "/box", box_kind) < 0) return fail(bind_step), -1;
  for (int i = 0; i < mount_count; i += 1) {
    if (bind(mount_fields[3 * i], mount_fields[3 * i + 1], mount_fields[3 * i + 2][0] == '1') < 0) {
      return fail(mount_fields[3 * i + 1]), -1;
    }
  }
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0) return fail("proc"), -1;
  /* size bounds the bytes, nr_inodes the number of files (empty files cost no size): a creation flood ends in ENOSPC. */
  char tmp_options[64];
  snprintf(tmp_options, sizeof tmp_options, "size=64m,nr_inodes=%d,mode=1777", RUN_INODES);
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, tmp_options) < 0) return fail("tmp"), -1;
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
  if (box_out >= 0) {
    /* Nothing of the run may still write to the box while it is copied out. */
    kill(-1, SIGKILL);
    while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) continue;
    keep_files();
  }
  write_all(report[1], &status, sizeof status);
  _exit(0);
}
