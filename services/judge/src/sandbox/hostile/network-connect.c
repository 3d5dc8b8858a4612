#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
/* argv[1]: a port the host listens on at 127.0.0.1. Exit 0 only if no connection got through. */
static int try_connect(const char *label, const char *address, int port) {
  struct sockaddr_in target = {0};
  target.sin_family = AF_INET;
  target.sin_port = htons(port);
  inet_pton(AF_INET, address, &target.sin_addr);
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) {
    printf("%s: no socket\n", label);
    return 0;
  }
  int connected = connect(fd, (struct sockaddr *)&target, sizeof target) == 0;
  printf("%s: %s\n", label, connected ? "CONNECTED" : "blocked");
  close(fd);
  return connected;
}
int main(int argc, char **argv) {
  int port = argc > 1 ? atoi(argv[1]) : 80;
  int leaks = try_connect("loopback", "127.0.0.1", port) + try_connect("outside", "1.1.1.1", 80);
  return leaks == 0 ? 0 : 42;
}
