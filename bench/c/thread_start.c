// What a bare thread's start costs on this machine, measured as ThreadStartBench measures a Java thread's: the
// creator's time in pthread_create, then the time to the new thread's first line; one at a time, 2 ms apart, each
// kept blocked. Go's newm is a clone, as pthread_create is underneath (docs/benchmarks.md, "Round 15").
//
//   cc -O2 -o /tmp/thread_start bench/c/thread_start.c -lpthread && /tmp/thread_start [STARTS]
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile long first_line;

static long now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static void *run(void *arg) {
    first_line = now();
    pause();
    return arg;
}

static int cmp(const void *a, const void *b) {
    long x = *(const long *) a, y = *(const long *) b;
    return x < y ? -1 : x > y;
}

static void line(const char *what, long *d, int n) {
    qsort(d, n, sizeof *d, cmp);
    printf("%s p10 %.1f, median %.1f, p90 %.1f, max %.1f µs", what, d[n / 10] / 1e3, d[n / 2] / 1e3, d[n * 9 / 10] / 1e3, d[n - 1] / 1e3);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    long *start = malloc(n * sizeof *start), *first = malloc(n * sizeof *first);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);   // a Java thread's default
    for (int i = 0; i < n; i++) {
        pthread_t t;
        first_line = 0;
        long t0 = now();
        if (pthread_create(&t, &attr, run, NULL) != 0) { perror("pthread_create"); return 1; }
        long t1 = now();
        while (first_line == 0) { }
        start[i] = t1 - t0;
        first[i] = first_line - t1;
        usleep(2000);
    }
    printf("%d starts: ", n);
    line("pthread_create()", start, n);
    printf("; ");
    line("then to the first line", first, n);
    printf("\n");
    return 0;
}
