// The gettext record under threads and forks, as a program uses gettext: four threads ask
// for messages (some new, some asked before) while the main thread forks children that
// ask too, and the record then lists each message once. A fork taken while another
// thread records would leave the child's lock held, and its first gettext would hang.
// Built and run by live_test.py with the record preloaded and PARLANCE_LIVE_PID its pid,
// also under ThreadSanitizer; prints "ok" and the number of messages recorded.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <libintl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parlance-gettext-record.h"

enum { THREADS = 4, MESSAGES = 2000, FORKS = 200 };

static void *ask(void *argument) {
  long thread = (long)argument;
  char key[32];
  for (int round = 0; round < 3; round++) {
    for (int index = 0; index < MESSAGES; index++) {
      // Half the messages every thread asks for, half its own.
      snprintf(key, sizeof key, "message %d %ld", index, index % 2 ? thread : -1L);
      (void)dgettext("record-test", key);
    }
  }
  return NULL;
}

int main(void) {
  pthread_t threads[THREADS];
  for (long thread = 0; thread < THREADS; thread++) {
    pthread_create(&threads[thread], NULL, ask, (void *)thread);
  }
  for (int index = 0; index < FORKS; index++) {
    pid_t child = fork();
    if (child == 0) {
      (void)gettext("asked in a child");
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
  }
  for (int thread = 0; thread < THREADS; thread++) pthread_join(threads[thread], NULL);
  ParlanceGettextRecord record =
      (ParlanceGettextRecord)dlsym(RTLD_DEFAULT, PARLANCE_GETTEXT_RECORD_SYMBOL);
  if (record == NULL) {
    printf("no record\n");
    return 1;
  }
  size_t length = 0;
  size_t total = 0;
  int complete = 0;
  uint64_t identity = 0;
  char **names = record(0, &length, &total, &complete, &identity);
  free(names);
  // Every thread's shared half once, each thread's own half once; asked from the
  // hundredth on, the rest.
  size_t expected = MESSAGES / 2 + THREADS * (MESSAGES / 2);
  size_t rest = 0;
  names = record(100, &rest, &total, &complete, &identity);
  free(names);
  int ok = complete && length == expected && total == expected && rest == expected - 100;
  printf("%s %zu of %zu\n", ok ? "ok" : "wrong", length, expected);
  return ok ? 0 : 1;
}
