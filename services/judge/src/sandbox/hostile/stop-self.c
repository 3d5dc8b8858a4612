#include <signal.h>
int main(void) {
  raise(SIGSTOP);
  return 0;
}
