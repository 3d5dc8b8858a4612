/* Shared between the pooled sandbox supervisor's files (run-supervisor.c, run-init.c, run-relay.c, run-accounting.c). */
#ifndef RUN_SUPERVISOR_H
#define RUN_SUPERVISOR_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
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
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define STDERR_DRAIN (16u * 1024u * 1024u)
#define STDIN_BUFFER (4u * 1024u * 1024u)

extern const char *box_host;
/* 0 the host dir read-only, 1 writable, 2 fresh: a tmpfs whose keep_names are copied to the host dir after the run. */
#define BOX_FRESH 2
extern int box_kind;
extern long long cpu_seconds, fsize_bytes, stack_bytes, wall_ms, stdout_cap, stderr_keep;
extern int stdin_mode, stdout_mode, stderr_mode;
extern int mount_count;
extern char **mount_fields;
extern char **env;
extern char **argv;
extern int keep_count;
extern char **keep_names;
/* The syscall filter (struct sock_filter[]) from the judge's 'S' frame, installed before each execve. */
extern struct sock_fprog syscall_filter;
/* The program's stdin, stdout and stderr pipes. */
extern int run_pipes[3][2];
/*
 * The slot's cgroup.procs files, opened by the judge (as root, which is what the kernel checks on a
 * write: the opener's credentials) and inherited at fds 4.. : the program writes "0" to each before
 * it execs, so it joins the run's cgroups with no round trip to the judge.
 */
#define CGROUP_FD_BASE 4
extern int cgroup_fd_count;
/* The supervisor's argv[0], which the run init overwrites so that it is told apart in ps. */
extern char *own_name;
extern size_t own_name_room;

void write_all(int fd, const void *data, size_t length);
void send_frame(char type, const void *data, uint32_t length);
void fail(const char *what);
/* A request ('R' or 'B') that no program runs for: 'F' why, and for a batch 'Z 0' (fail closed). */
void refuse_request(char type, const char *why);
int read_all(int fd, void *data, size_t length);
char read_frame(char **payload, uint32_t *length);
double now_us(void);
void parse_request(char *payload, uint32_t length);
/*
 * PID 1 of the slot's run namespaces, kept from run to run while runs end by themselves (run-init.c).
 * It reads the judge's frames and answers them itself; the supervisor only waits for it and makes a
 * new one when it ends with INIT_REPLACE (after a kill or a run it could not build: its answer is sent).
 */
int run_init(void *unused);
#define INIT_REPLACE 7
/* A frame the init serves: 'R' one run, 'B' a batch (run-supervisor.c); -1 when the init must end. */
int serve_frame(char type, char *payload, uint32_t length);

/*
 * The slot's cgroup control files for a batch's accounting (run-accounting.c), opened by the judge as
 * root and inherited at the fds argv[2] lists, in this order; -1 for one this kernel lacks.
 */
enum {
  ACCOUNT_CPU,          /* cpuacct.usage, read and reset */
  ACCOUNT_PEAK,         /* memory.max_usage_in_bytes, read and reset */
  ACCOUNT_MEMSW_PEAK,   /* memory.memsw.max_usage_in_bytes, reset (optional) */
  ACCOUNT_USAGE,        /* memory.usage_in_bytes */
  ACCOUNT_KMEM,         /* memory.kmem.usage_in_bytes (optional) */
  ACCOUNT_FORCE_EMPTY,  /* memory.force_empty */
  ACCOUNT_OOM,          /* memory.oom_control (oom_kill) */
  ACCOUNT_PIDS_EVENTS,  /* pids.events (max) */
  ACCOUNT_PIDS_TASKS,   /* the pids cgroup's tasks */
  ACCOUNT_MEMORY_TASKS, /* the memory cgroup's tasks */
  ACCOUNTING_FD_COUNT
};
extern int accounting_fds[ACCOUNTING_FD_COUNT];
struct run_usage {
  long long cpu_ns, peak_bytes, oom_kills, pids_hits;
};
void parse_accounting_fds(const char *list);
int accounting_ready(void);
int accounting_begin_batch(void);
int accounting_begin_run(void);
long long accounting_cpu_ns(void);
int accounting_end_run(struct run_usage *usage);

/*
 * How a run ended, as the relay saw it. killed: 0 none, 1 wall, 2 output, 3 host kill ('K' or the
 * judge's SIGUSR1), 4 CPU (a batch's watchdog).
 */
struct run_report {
  int has_status, status, killed;
  long long wall_us;
};
/* A run of a batch: its CPU limit, watched by the run init, and its whole stdin, given up front. */
struct batch_run {
  long long cpu_limit_ms;
  const char *stdin_bytes;
  uint32_t stdin_length;
};
/*
 * In the run init: builds the parsed request's run, starts its program and serves it until it ends
 * (run-init.c, run-relay.c); `batch` is NULL for a single run ('R': stdin from 'I' frames, CPU watched
 * by the judge, which signals the init at the limit). Returns 0 when the init may serve the next run,
 * -1 when it must end (the run was killed, or could not be built: it sent 'F' and has_status is -1).
 */
int serve_run(const struct batch_run *batch, struct run_report *report);
/* After a run the init keeps: the next run's fresh /tmp, IPC namespace and box (run-init.c). */
void prepare_next_run(void);
/* The program as PID 2 with a pidfd (run-init.c); 0 only in the child, which goes on to exec_program. */
pid_t start_program(int *pidfd);
void exec_program(void);
/* The relay of one started program (run-relay.c): stdio, limits, reaping; the report's fields. */
int relay_program(pid_t program, int pidfd, const int parent_ends[3], const struct batch_run *batch,
                  struct run_report *report);
/* Set by the judge's SIGUSR1 (its CPU watchdog for a single run): the run is killed. */
extern volatile sig_atomic_t judge_kill;
/* Kills every process of the init's pid namespace but the init and reaps them all. */
void kill_run_processes(void);

#endif
