/* Creates empty files in argv[1] until something stops it; reports how many and why. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  char path[4096];
  for (long i = 0;; i += 1) {
    snprintf(path, sizeof path, "%s/f%ld", dir, i);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0) {
      printf("stopped after %ld: %s\n", i, strerrorname_np(errno));
      return 1;
    }
    close(fd);
  }
}
