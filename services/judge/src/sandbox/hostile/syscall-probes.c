/*
 * argv[1] names one probe; it prints "<probe>: <errno name>" (or "ok" when the call went through).
 * Without the sandbox's seccomp filter most of these succeed for an unprivileged process.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/io_uring.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static long keep_alive = 42;

static pid_t sleeping_child(void) {
  pid_t child = fork();
  if (child == 0) {
    pause();
    _exit(0);
  }
  return child;
}

static long probe(const char *name) {
  if (!strcmp(name, "seccomp-mode")) {
    /* The "Seccomp:" line of /proc/self/status: 2 means a filter is installed. */
    char status[8192];
    int fd = open("/proc/self/status", O_RDONLY);
    ssize_t length = fd < 0 ? -1 : read(fd, status, sizeof status - 1);
    if (length < 0) return -1;
    status[length] = 0;
    char *line = strstr(status, "Seccomp:");
    printf("%s: %c\n", name, line ? line[strlen("Seccomp:") + 1] : '?');
    return -3;
  }
  if (!strcmp(name, "traceme")) return ptrace(PTRACE_TRACEME, 0, 0, 0);
  if (!strcmp(name, "attach") || !strcmp(name, "vm-read")) {
    pid_t child = sleeping_child();
    long result;
    if (!strcmp(name, "attach")) {
      result = ptrace(PTRACE_ATTACH, child, 0, 0);
    } else {
      long copy = 0;
      struct iovec local = {&copy, sizeof copy}, remote = {&keep_alive, sizeof keep_alive};
      result = process_vm_readv(child, &local, 1, &remote, 1, 0);
    }
    int saved = errno;
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    errno = saved;
    return result < 0 ? -1 : 0;
  }
  if (!strcmp(name, "unshare-user")) return unshare(CLONE_NEWUSER);
  if (!strcmp(name, "unshare-mount")) return unshare(CLONE_NEWNS);
  if (!strcmp(name, "clone-newuser")) {
    long child = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
    if (child == 0) _exit(0);
    if (child > 0) waitpid((pid_t)child, NULL, 0);
    return child < 0 ? -1 : 0;
  }
  if (!strcmp(name, "clone3")) {
    struct clone_args args = {.exit_signal = SIGCHLD};
    long child = syscall(SYS_clone3, &args, sizeof args);
    if (child == 0) _exit(0);
    if (child > 0) waitpid((pid_t)child, NULL, 0);
    return child < 0 ? -1 : 0;
  }
  if (!strcmp(name, "fork")) {
    pid_t child = fork();
    if (child == 0) _exit(0);
    if (child > 0) waitpid(child, NULL, 0);
    return child < 0 ? -1 : 0;
  }
  if (!strcmp(name, "setns")) return setns(0, CLONE_NEWNET);
  if (!strcmp(name, "mount")) return mount("none", "/tmp", "tmpfs", 0, NULL);
  if (!strcmp(name, "fsopen")) return syscall(SYS_fsopen, "tmpfs", 0);
  if (!strcmp(name, "chroot")) return chroot("/tmp");
  if (!strcmp(name, "bpf")) {
    union bpf_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.map_type = BPF_MAP_TYPE_ARRAY;
    attr.key_size = 4;
    attr.value_size = 4;
    attr.max_entries = 1;
    return syscall(SYS_bpf, BPF_MAP_CREATE, &attr, sizeof attr);
  }
  if (!strcmp(name, "io-uring")) {
    struct io_uring_params params;
    memset(&params, 0, sizeof params);
    return syscall(SYS_io_uring_setup, 4, &params);
  }
  if (!strcmp(name, "keyctl")) return syscall(SYS_keyctl, 0 /* KEYCTL_GET_KEYRING_ID */, -3 /* session */, 1);
  if (!strcmp(name, "perf")) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_TASK_CLOCK;
    attr.exclude_kernel = 1;
    return syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  }
  if (!strcmp(name, "userfaultfd")) return syscall(SYS_userfaultfd, 0);
  if (!strcmp(name, "personality")) return personality(READ_IMPLIES_EXEC) < 0 ? -1 : (long)personality(0xffffffff);
  if (!strcmp(name, "mknod-device")) return mknod("/tmp/null", S_IFCHR | 0666, makedev(1, 3));
  if (!strcmp(name, "mkfifo")) return mkfifo("/tmp/fifo", 0600);
  if (!strcmp(name, "netlink")) return socket(AF_NETLINK, SOCK_RAW, 0);
  if (!strcmp(name, "unix-socket")) return socket(AF_UNIX, SOCK_STREAM, 0);
  errno = EINVAL;
  return -2;
}

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "";
  errno = 0;
  long result = probe(name);
  if (result == -2) return 2;
  if (result == -3) return 0;
  if (result < 0) printf("%s: %s\n", name, strerrorname_np(errno));
  else printf("%s: ok\n", name);
  return 0;
}
