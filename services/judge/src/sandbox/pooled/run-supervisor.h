/* Shared between the pooled sandbox supervisor's files (run-supervisor.c, run-init.c, run-relay.c). */
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
/* The program's stdin, stdout and stderr pipes; the init's go (gate) and its reports (report). */
extern int run_pipes[3][2];
extern int gate[2], report[2];

void write_all(int fd, const void *data, size_t length);
void send_frame(char type, const void *data, uint32_t length);
void fail(const char *what);
int read_all(int fd, void *data, size_t length);
char read_frame(char **payload, uint32_t *length);
double now_us(void);
/* PID 1 of a run's namespaces (run-init.c). */
int run_init(void *unused);
/* Serves one prepared run until it ends and reports it (run-relay.c). */
void relay_run(pid_t init);

#endif
