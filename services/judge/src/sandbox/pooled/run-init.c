/*
 * Over 300 lines: the run's whole view, its program's exec and its cleanup are one security boundary, read together.
 *
 * The run init: PID 1 of the slot's run pid, mount and IPC namespaces, kept while runs end by
 * themselves. It reads the judge's frames itself (the supervisor only waits for it). Per request it
 * builds the run's view, forks the program (which joins the run's cgroups and drops every capability
 * before it execs), relays its stdio and enforces its limits (run-relay.c), kills and reaps whatever
 * the run left, copies a fresh box's kept files out and reports; then it undoes the run's mounts and
 * makes the next run's fresh /tmp and IPC namespace before it takes the next request. A killed run
 * ends the init, and with it the run's namespaces.
 */
#include "run-supervisor.h"
#include <linux/sched.h>
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
/* The host's / (the bwrap's /host), opened before it is covered: every run's sources are found from here. */
static int host_root = -1;

static int open_host(const char *host, int flags) {
  while (*host == '/') host += 1;
  return openat(host_root, *host ? host : ".", flags | O_NOFOLLOW | O_CLOEXEC);
}

/* What this run mounted, undone in reverse order before the init takes another request (nothing of a run outlives it). */
/* A request has at most MAX_FIELDS / 3 mounts (run-supervisor.c), plus /box and /tmp. */
#define MAX_RUN_MOUNTS 1400
static char *run_mounts[MAX_RUN_MOUNTS];
static int run_mount_count;

static void mounted(const char *target) {
  /* A mount that could not be undone would reach the next run: replace the init instead. */
  if (run_mount_count >= MAX_RUN_MOUNTS) _exit(1);
  run_mounts[run_mount_count++] = strdup(target);
}

/* Whether `target` lies inside an earlier mount of the run (a file mounted into the box). */
static int inside_earlier_mount(int index) {
  const char *target = run_mounts[index];
  for (int i = 0; i < index; i += 1) {
    size_t length = strlen(run_mounts[i]);
    if (!strncmp(target, run_mounts[i], length) && target[length] == '/') return 1;
  }
  return 0;
}

/*
 * A lazy unmount (MNT_DETACH) takes every mount below its target out of the namespace with it, so a
 * mount inside an earlier one of the run (the artifacts and files bound into the box) goes with that
 * one rather than by a umount of its own: one syscall per run less for each of them.
 */
static int undo_run_mounts(void) {
  while (run_mount_count > 0) {
    int index = --run_mount_count;
    char *target = run_mounts[index];
    /* The next run would see this one's view: the caller replaces the init. */
    if (!inside_earlier_mount(index) && umount2(target, MNT_DETACH) < 0) return -1;
    free(target);
  }
  return 0;
}

static int bind_into(const char *host, const char *target, int writable) {
  bind_step = "source";
  int source_fd = open_host(host, O_PATH);
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
  mounted(target);
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
static int mount_fresh_box(long long bytes) {
  char options[128];
  snprintf(options, sizeof options, "size=%lld,nr_inodes=%d,mode=755", bytes, RUN_INODES);
  if (mount("tmpfs", "/box", "tmpfs", MS_NOSUID | MS_NODEV, options) < 0) return -1;
  mounted("/box");
  struct stat st;
  if (stat("/box", &st) < 0) return -1;
  box_dev = st.st_dev;
  return 0;
}

/*
 * A fresh box made ahead for the next run (prepare_next_run) when the run before had one: its size in
 * bytes, -1 for none. Made after the run before was reported and undone, so it is as empty and new as
 * one made for the request; a request that wants another box has it unmounted first.
 */
static long long ready_box_bytes = -1;
/* The size of the last fresh box a request asked for; -1 when the last request bound a host dir. */
static long long last_fresh_box_bytes = -1;

/* The box made ahead, when the request does not take it: the last mount of the run so far. */
static int drop_ready_box(void) {
  if (ready_box_bytes < 0) return 0;
  ready_box_bytes = -1;
  if (umount2("/box", MNT_DETACH) < 0) return -1;
  free(run_mounts[--run_mount_count]);
  return 0;
}

static int make_fresh_box(void) {
  /* The judge makes the host dir only when there are files to copy out (pooled-sandbox.ts). */
  bind_step = "fresh box dir";
  box_out = keep_count > 0 ? open_host(box_host, O_RDONLY | O_DIRECTORY) : -1;
  if (keep_count > 0 && box_out < 0) return -1;
  bind_step = "fresh box";
  long long bytes = fsize_bytes + FRESH_BOX_EXTRA_BYTES;
  last_fresh_box_bytes = bytes;
  if (ready_box_bytes == bytes) {
    ready_box_bytes = -1;
    return 0;
  }
  if (drop_ready_box() < 0) return -1;
  return mount_fresh_box(bytes);
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

/*
 * The bounding set is emptied once, in the run init (which never execs, so its own capabilities are
 * untouched by it), and every program inherits it empty: 64 prctl calls per run fewer.
 */
static int empty_bounding_set(void) {
  for (int cap = 0; cap <= 63; cap += 1) {
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL) return -1;
  }
  return 0;
}

/*
 * Once per run init: its own mount tree, /proc of its pid namespace, /host opened and then hidden.
 * NULL, or the step that failed (errno set): the next request's 'F', not an answer nobody asked for.
 */
static const char *build_base_view(void) {
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) return "private root";
  if (empty_bounding_set() < 0) return "bounding set";
  host_root = open("/host", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (host_root < 0) return "/host";
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0) return "proc";
  /* /host came from a more privileged mount namespace, so the kernel locks it in place: it cannot be
   * unmounted here, but an empty read-only tmpfs over it hides it, and the program cannot unmount that. */
  if (mount("tmpfs", "/host", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY, "size=4k,mode=555") < 0) {
    return "hide /host";
  }
  return NULL;
}

/*
 * What no request shapes, made for the next run as soon as the one before it is reported (so it
 * overlaps the judge's work on that report, off the next run's critical path):
 * the run's mounts undone, a fresh IPC namespace (SysV objects of no earlier run), a fresh /tmp and,
 * after a run with a fresh box, a fresh box of the same size (the next run of a slot mostly wants one).
 * Nothing runs in the init's namespaces between runs, so nothing sees them early. A step that fails
 * is the next request's failure (`unready` names it): the report already sent stays true.
 */
static const char *unready;
static int unready_errno;

void prepare_next_run(void) {
  unready = NULL;
  if (undo_run_mounts() < 0) {
    unready = "undo the last run's mounts", unready_errno = errno;
    return;
  }
  if (unshare(CLONE_NEWIPC) < 0) {
    unready = "ipc namespace", unready_errno = errno;
    return;
  }
  /* size bounds the bytes, nr_inodes the number of files (empty files cost no size): a creation flood ends in ENOSPC. */
  char tmp_options[64];
  snprintf(tmp_options, sizeof tmp_options, "size=64m,nr_inodes=%d,mode=1777", RUN_INODES);
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, tmp_options) < 0) {
    unready = "tmp", unready_errno = errno;
    return;
  }
  mounted("/tmp");
  if (last_fresh_box_bytes < 0) return;
  if (mount_fresh_box(last_fresh_box_bytes) < 0) {
    unready = "fresh box made ahead", unready_errno = errno;
    return;
  }
  ready_box_bytes = last_fresh_box_bytes;
}

/* Per run: the box and the request's mounts (the fresh /tmp and IPC namespace are ready: prepare_next_run). */
static int build_run_view(void) {
  if (unready) return errno = unready_errno, fail(unready), -1;
  if (box_kind != BOX_FRESH) {
    last_fresh_box_bytes = -1;
    bind_step = "fresh box made ahead";
    if (drop_ready_box() < 0) return fail(bind_step), -1;
  }
  if (box_kind == BOX_FRESH ? make_fresh_box() < 0 : bind_into(box_host, "/box", box_kind) < 0) return fail(bind_step), -1;
  for (int i = 0; i < mount_count; i += 1) {
    if (bind_into(mount_fields[3 * i], mount_fields[3 * i + 1], mount_fields[3 * i + 2][0] == '1') < 0) {
      return fail(mount_fields[3 * i + 1]), -1;
    }
  }
  return 0;
}

static void drop_capabilities(void) {
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  /* Checked, not assumed: a program must never exec with a capability left in its bounding set. */
  if (prctl(PR_CAPBSET_READ, CAP_SYS_ADMIN, 0, 0, 0) != 0) _exit(126);
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

/* Into the run's cgroups before anything of the program runs; a refused write ends the run unstarted. */
static void join_run_cgroups(void) {
  for (int fd = CGROUP_FD_BASE; fd < CGROUP_FD_BASE + cgroup_fd_count; fd += 1) {
    if (write(fd, "0", 1) != 1) {
      fail("join the run's cgroups");
      _exit(126);
    }
  }
}

void exec_program(void) {
  join_run_cgroups();
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
  /* Last, so that nothing above is refused by it; NoNewPrivs (drop_capabilities) lets a process without capabilities install it. */
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &syscall_filter) < 0) _exit(126);
  /* The environment as an argument, not through `environ`: this child shares the init's memory until it execs. */
  execvpe(argv[0], argv, env);
  _exit(127);
}

#ifdef __x86_64__
/* The program's stack between clone and exec: it shares the init's memory (CLONE_VM) until it execs. */
static char program_stack[256 * 1024] __attribute__((aligned(16)));

/*
 * clone3 whose child starts on its own stack and calls exec_program there (it never returns); the
 * parent gets the pid or -errno. In assembly because a child on a new stack cannot return through C.
 */
static long clone3_into_exec(struct clone_args *args) {
  long result;
  register void (*child)(void) __asm__("r12") = exec_program;
  __asm__ volatile("syscall\n\t"
                   "test %%rax, %%rax\n\t"
                   "jnz 1f\n\t"
                   "xor %%ebp, %%ebp\n\t"
                   "call *%%r12\n\t"
                   "mov $60, %%eax\n\t"
                   "mov $127, %%edi\n\t"
                   "syscall\n\t"
                   "1:\n\t"
                   : "=a"(result)
                   : "a"((long)SYS_clone3), "D"(args), "S"(sizeof *args), "r"(child)
                   : "rcx", "r11", "memory");
  return result;
}
#endif

/*
 * The program as PID 2 (clone3 with set_tid, as every run had before the init was kept), with a pidfd
 * the relay polls for its exit, sharing the init's memory until it execs on x86-64 (CLONE_VM): no copy
 * of the init's address space and no copy-on-write faults per run, the largest part of a fork here.
 * Not CLONE_VFORK: until the program is reaped the init writes nothing exec_program reads (the relay
 * keeps its own copies of the fds), so it need not be suspended until the exec. fork (and pidfd_open)
 * if clone3 is refused. Returns 0 only in a child that must go on to exec_program.
 */
pid_t start_program(int *pidfd) {
  pid_t wanted = 2;
  struct clone_args args;
  memset(&args, 0, sizeof args);
  args.exit_signal = SIGCHLD;
  args.set_tid = (uint64_t)(uintptr_t)&wanted;
  args.set_tid_size = 1;
  args.pidfd = (uint64_t)(uintptr_t)pidfd;
#ifdef __x86_64__
  args.flags = CLONE_VM | CLONE_PIDFD;
  args.stack = (uint64_t)(uintptr_t)program_stack;
  args.stack_size = sizeof program_stack;
  long spawned = clone3_into_exec(&args);
  if (spawned >= 0) return (pid_t)spawned;
  errno = (int)-spawned;
#else
  args.flags = CLONE_PIDFD;
  pid_t program = (pid_t)syscall(SYS_clone3, &args, sizeof args);
  if (program >= 0) return program;
#endif
  if (errno == EINTR) return -1;
  pid_t program_forked = fork();
  if (program_forked <= 0) return program_forked;
  *pidfd = (int)syscall(SYS_pidfd_open, program_forked, 0);
  if (*pidfd >= 0) return program_forked;
  int saved = errno;
  kill_run_processes();
  errno = saved;
  return -1;
}

/* Kills every process of the init's pid namespace but the init itself, and reaps them all. */
void kill_run_processes(void) {
  for (;;) {
    kill(-1, SIGKILL);
    if (waitpid(-1, NULL, 0) < 0 && errno == ECHILD) return;
  }
}

/* /dev/null, opened once: the program's end of a stream the judge does not want. */
static int devnull = -1;

/*
 * The program's stdio: a relayed stream gets a pipe, whose other end the init keeps (-1 for one that
 * is not relayed: the program gets /dev/null itself).
 */
static int open_run_pipes(int parent_ends[3]) {
  if (devnull < 0) devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (devnull < 0) return -1;
  int modes[3] = {stdin_mode, stdout_mode, stderr_mode};
  for (int i = 0; i < 3; i += 1) {
    parent_ends[i] = -1;
    if (!modes[i]) {
      run_pipes[i][0] = run_pipes[i][1] = devnull;
      continue;
    }
    if (pipe2(run_pipes[i], O_CLOEXEC) < 0) {
      for (int j = 0; j < i; j += 1) {
        if (modes[j]) close(run_pipes[j][0]), close(run_pipes[j][1]);
      }
      return -1;
    }
    /* The program takes stdin's read end and the write ends of stdout and stderr; the init the others. */
    parent_ends[i] = run_pipes[i][i == 0 ? 1 : 0];
  }
  return 0;
}

/*
 * Builds the parsed request's run and serves it (run-relay.c) until the program and everything it
 * started are gone; then copies a fresh box's kept files out. The report is the caller's to send.
 */
int serve_run(const struct batch_run *batch, struct run_report *report) {
  report->has_status = -1;
  box_out = -1;
  if (build_run_view() < 0) return -1;
  int parent_ends[3];
  if (open_run_pipes(parent_ends) < 0) return fail("pipe"), -1;
  /* The program's ends, copied: the program reads run_pipes until it execs (it shares this memory). */
  int child_ends[3] = {run_pipes[0][0], run_pipes[1][1], run_pipes[2][1]};
  int modes[3] = {stdin_mode, stdout_mode, stderr_mode};
  judge_kill = 0;
  int pidfd = -1;
  pid_t program = start_program(&pidfd);
  if (program == 0) exec_program();
  int saved = errno;
  for (int i = 0; i < 3; i += 1) {
    if (modes[i]) close(child_ends[i]);
  }
  if (program < 0) {
    for (int i = 0; i < 3; i += 1) {
      if (parent_ends[i] >= 0) close(parent_ends[i]);
    }
    errno = saved;
    return fail("fork"), -1;
  }
  int keep = relay_program(program, pidfd, parent_ends, batch, report);
  if (box_out >= 0) {
    /* A run ended by a limit copies nothing: its verdict is the limit. */
    if (keep == 0) keep_files();
    close(box_out);
    box_out = -1;
  }
  return keep;
}

volatile sig_atomic_t judge_kill;

/*
 * The judge's CPU watchdog for a single run signals the init (SIGUSR1) rather than killing it: the
 * init owns the judge's frames, and a kill in the middle of one would leave the stream torn. Only a
 * sender outside the run's pid namespace counts (its pid reads 0 here): a program cannot end its own
 * run through this.
 */
static void on_judge_kill(int signal_number, siginfo_t *info, void *context) {
  (void)signal_number, (void)context;
  if (info->si_pid == 0) judge_kill = 1;
}

/* PID 1 of the slot's run namespaces; reads and serves the judge's frames until a run is killed or fails. */
int run_init(void *unused) {
  (void)unused;
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  /* The init keeps its capabilities (so the program, without any, cannot ptrace it); not dumpable either. */
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  /* Told apart from the supervisor in ps and /proc/<pid>/cmdline. */
  prctl(PR_SET_NAME, "run-init", 0, 0, 0);
  memset(own_name, 0, own_name_room);
  strncpy(own_name, "/run-init", own_name_room);
  /* No SA_RESTART: the signal ends a poll at once. */
  struct sigaction on_kill;
  memset(&on_kill, 0, sizeof on_kill);
  on_kill.sa_sigaction = on_judge_kill;
  on_kill.sa_flags = SA_SIGINFO;
  sigaction(SIGUSR1, &on_kill, NULL);
  const char *unbuilt = build_base_view();
  int unbuilt_errno = errno;
  if (!unbuilt) prepare_next_run();
  for (;;) {
    char *payload;
    uint32_t length;
    char type = read_frame(&payload, &length);
    if (unbuilt && (type == 'R' || type == 'B')) {
      char why[512];
      snprintf(why, sizeof why, "%s: %s", unbuilt, strerror(unbuilt_errno));
      refuse_request(type, why);
      _exit(INIT_REPLACE);
    }
    if (serve_frame(type, payload, length) < 0) _exit(INIT_REPLACE);
  }
}
