/*
 * Looks for the host's file system from inside a run (the pooled backend binds it at /host, covered
 * per run): /host itself, /host through PID 1's root, fds left open by the supervisor, and removing
 * or moving the cover. Prints one line per attempt.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

static void count_entries(const char *label, const char *path) {
  DIR *dir = opendir(path);
  if (!dir) {
    printf("%s: %s\n", label, strerrorname_np(errno));
    return;
  }
  int entries = 0;
  for (struct dirent *entry; (entry = readdir(dir));) {
    if (strcmp(entry->d_name, ".") && strcmp(entry->d_name, "..")) entries += 1;
  }
  closedir(dir);
  printf("%s: %d entries\n", label, entries);
}

static void attempt(const char *label, int result) { printf("%s: %s\n", label, result < 0 ? strerrorname_np(errno) : "ok"); }

int main(void) {
  count_entries("host", "/host");
  count_entries("init root host", "/proc/1/root/host");
  /* Every fd above stderr but the one this listing opens, with what it points at. */
  DIR *fds = opendir("/proc/self/fd");
  for (struct dirent *entry; fds && (entry = readdir(fds));) {
    int fd = atoi(entry->d_name);
    if (entry->d_name[0] == '.' || fd <= 2 || fd == dirfd(fds)) continue;
    char link[256], target[256] = "?";
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, target, sizeof target - 1);
    if (length >= 0) target[length] = 0;
    printf("inherited fd %d: %s\n", fd, target);
  }
  if (fds) closedir(fds);
  attempt("umount host", umount2("/host", MNT_DETACH));
  attempt("remount host", mount(NULL, "/host", NULL, MS_REMOUNT | MS_BIND, NULL));
  attempt("move host", mount("/host", "/tmp", NULL, MS_MOVE, NULL));
  attempt("bind root", mount("/", "/tmp", NULL, MS_BIND | MS_REC, NULL));
  count_entries("host after", "/host");
  return 0;
}
