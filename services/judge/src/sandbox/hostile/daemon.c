#include <stdio.h>
#include <unistd.h>
/* Double fork and setsid: the classic way to outlive the parent. The parent exits 0 at once. */
int main(void) {
  if (fork() != 0) return 0;
  setsid();
  if (fork() != 0) return 0;
  close(0);
  close(1);
  close(2);
  for (;;) sleep(1);
}
