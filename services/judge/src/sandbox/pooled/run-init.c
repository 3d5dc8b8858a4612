/*
 * Over 300 lines: the run's whole view, its program's exec and its cleanup are one security boundary, read together.
 *
 * The run init: PID 1 of the slot's run pid, mount and IPC namespaces, kept while runs end by
 * themselves. Per request it builds the run's view, forks the program (which joins the run's
 * cgroups and drops every capability before it execs), kills and reaps whatever the run left,
 * copies a fresh box's kept files out and reports the wait status; then it undoes the run's mounts
 * and makes the next run's fresh /tmp and IPC namespace before it takes the next request.
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

/* Once per run init: its own mount tree, /proc of its pid namespace, /host opened and then hidden. */
static int build_base_view(void) {
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) return fail("private root"), -1;
  if (empty_bounding_set() < 0) return fail("bounding set"), -1;
  host_root = open("/host", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (host_root < 0) return fail("/host"), -1;
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0) return fail("proc"), -1;
  /* /host came from a more privileged mount namespace, so the kernel locks it in place: it cannot be
   * unmounted here, but an empty read-only tmpfs over it hides it, and the program cannot unmount that. */
  if (mount("tmpfs", "/host", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY, "size=4k,mode=555") < 0) {
    return fail("hide /host"), -1;
  }
  return 0;
}

/*
 * What no request shapes, made for the next run as soon as the one before it is reported (so it
 * overlaps the supervisor's and the judge's work on that report, off the next run's critical path):
 * the run's mounts undone, a fresh IPC namespace (SysV objects of no earlier run), a fresh /tmp and,
 * after a run with a fresh box, a fresh box of the same size (the next run of a slot mostly wants one).
 * Nothing runs in the init's namespaces between runs, so nothing sees them early. A step that fails
 * is the next request's failure (`unready` names it): the report already sent stays true.
 */
static const char *unready;
static int unready_errno;

static void prepare_next_run(void) {
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

static void exec_program(void) {
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
 * The program as PID 2 (clone3 with set_tid, as every run had before the init was kept), sharing the
 * init's memory until it execs on x86-64 (CLONE_VM): no copy of the init's address space and no
 * copy-on-write faults per run, the largest part of a fork here. Not CLONE_VFORK: between the clone
 * and the program's exit the init only closes an fd of its own table and waits (serve_run), writing
 * nothing the child reads, so it need not be suspended until the exec; that saves the init one sleep
 * and wake-up per run. fork if clone3 is refused. Returns 0 only in a child that must go on to exec_program.
 */
static pid_t fork_program(void) {
  pid_t wanted = 2;
  struct clone_args args;
  memset(&args, 0, sizeof args);
  args.exit_signal = SIGCHLD;
  args.set_tid = (uint64_t)(uintptr_t)&wanted;
  args.set_tid_size = 1;
#ifdef __x86_64__
  args.flags = CLONE_VM;
  args.stack = (uint64_t)(uintptr_t)program_stack;
  args.stack_size = sizeof program_stack;
  long spawned = clone3_into_exec(&args);
  if (spawned >= 0) return (pid_t)spawned;
  errno = (int)-spawned;
#else
  pid_t program = (pid_t)syscall(SYS_clone3, &args, sizeof args);
  if (program >= 0) return program;
#endif
  return errno == EINTR ? -1 : fork();
}

/* Runs the parsed request; returns the program's wait status. Everything the run started is gone after. */
static int serve_run(void) {
  box_out = -1;
  if (build_run_view() < 0) return -1;
  pid_t program = fork_program();
  if (program == 0) exec_program();
  /* Until the program is reaped, nothing here may write what exec_program reads (fork_program). */
  /*
   * The ends of stdout and stderr stay open here until the run is reported: the supervisor then sees
   * the report and the end of both streams in one wake-up, not one for the program's exit and another
   * for the report.
   */
  close(run_pipes[0][0]);
  if (program < 0) return fail("fork"), -1;
  int status = 0;
  for (;;) {
    pid_t done = waitpid(-1, &status, 0);
    if (done == program) break;
    if (done < 0 && errno != EINTR) _exit(1);
  }
  /*
   * Nothing of the run may outlive it (or still write to the box while it is copied out). PID 1 is spared.
   * Every process the program left was reparented to this init when its parent died, so no child left
   * means nothing left in the namespace: then kill(-1), which walks every task of the host, is skipped.
   */
  while (waitpid(-1, NULL, WNOHANG) >= 0 || errno != ECHILD) {
    kill(-1, SIGKILL);
    if (waitpid(-1, NULL, 0) < 0 && errno == ECHILD) break;
  }
  if (box_out >= 0) {
    keep_files();
    close(box_out);
    box_out = -1;
  }
  close(run_pipes[1][1]), close(run_pipes[2][1]);
  /* The run's mounts are undone right after the report (prepare_next_run). */
  return status;
}

/* One request from the supervisor: its length with the program's stdio fds, then the payload. */
static char *receive_request(uint32_t *length) {
  int fds[3];
  char control[CMSG_SPACE(sizeof fds)];
  struct iovec header = {length, sizeof *length};
  struct msghdr message = {.msg_iov = &header, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  ssize_t n;
  do n = recvmsg(init_channel[1], &message, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  struct cmsghdr *rights = CMSG_FIRSTHDR(&message);
  if (n != (ssize_t)sizeof *length || !rights || rights->cmsg_type != SCM_RIGHTS || rights->cmsg_len != CMSG_LEN(sizeof fds)) {
    _exit(0); /* The supervisor is gone (or broke the protocol): nothing to serve. */
  }
  memcpy(fds, CMSG_DATA(rights), sizeof fds);
  run_pipes[0][0] = fds[0], run_pipes[1][1] = fds[1], run_pipes[2][1] = fds[2];
  run_pipes[0][1] = run_pipes[1][0] = run_pipes[2][0] = -1;
  char *payload = malloc(*length + 1);
  if (!payload || read_all(init_channel[1], payload, *length) < 0) _exit(0);
  payload[*length] = 0;
  return payload;
}

/* PID 1 of the slot's run namespaces; serves runs until one fails or the supervisor goes. */
int run_init(void *unused) {
  (void)unused;
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  /* The init keeps its capabilities (so the program, without any, cannot ptrace it); not dumpable either. */
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  /* Told apart from the supervisor in ps and /proc/<pid>/cmdline. */
  prctl(PR_SET_NAME, "run-init", 0, 0, 0);
  memset(own_name, 0, own_name_room);
  strncpy(own_name, "/run-init", own_name_room);
  close(init_channel[0]);
  if (build_base_view() < 0) _exit(1);
  prepare_next_run();
  for (;;) {
    uint32_t length;
    char *payload = receive_request(&length);
    parse_request(payload, length);
    int status = serve_run();
    write_all(init_channel[1], &status, sizeof status);
    if (status < 0) _exit(1);
    free(payload);
    prepare_next_run();
  }
}
