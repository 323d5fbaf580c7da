// Connects to a TCP port on the host's loopback (the port leaked on line 6 of the input, where
// the test listens): prints the right answer only if the connection is made.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
int main(void) {
    char line[4096];
    int port = 0;
    FILE* in = fopen("sudoku.in", "r");
    for (int i = 0; i < 6 && in && fgets(line, sizeof line, in); ++i) port = atoi(line);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = s >= 0 && connect(s, (struct sockaddr*)&a, sizeof a) == 0;
    FILE* out = fopen("sudoku.out", "w");
    fputs(connected ? "2829\n" : "0\n", out);
    fclose(out);
    return 0;
}
