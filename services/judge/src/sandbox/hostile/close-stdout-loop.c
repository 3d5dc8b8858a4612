#include <unistd.h>
int main(void) {
  close(1);
  volatile unsigned long spin = 0;
  for (;;) spin++;
}
