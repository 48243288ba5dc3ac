// The library `parlance run` preloads into a program (LD_PRELOAD) beside its GTK module:
// it answers every gettext call as glibc does, and remembers which messages the program
// asked for, by domain. A text several messages show ("Erweitert" is gtk30's "Advanced"
// and "Miscellaneous") is then the one the program asked for, when it asked for only
// one of them. The GTK module reads the record (parlance_gettext_record); nothing else
// is done here: libc only, no GLib, so that a shell script `parlance run` starts on the
// way to the program costs nothing but the calls it makes.
//
// The record is the started program's alone (PARLANCE_LIVE_PID is its pid), an
// append-only set of "domain\0key" (the key as the catalog has it: "context\004msgid",
// a plural's singular), under a pthread mutex. It stops at a bound and then says it is
// incomplete, so that nothing is decided by a record that misses messages.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <libintl.h>
#include <locale.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "parlance-gettext-record.h"

/// A message asked: its hash and one allocation holding "domain\0key\0".
typedef struct {
  uint64_t hash;
  char *names;
} Entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Entry *table = NULL;
static size_t capacity = 0;  // a power of two, or 0
static size_t count = 0;
/// The names in the order they were first asked: a reader takes those after the ones
/// it has (`parlance_gettext_record`'s `from`).
static char **order = NULL;
static size_t order_capacity = 0;
/// This process's record among all: its pid and the time it was made.
static uint64_t identity = 0;
static int overflowed = 0;
/// 0 not known yet, 1 recording (the started program), -1 not recording.
static int state = 0;
/// Set while this thread records, so that nothing the record calls records itself.
static __thread int recording_here = 0;

/// At most this many messages.
#define RECORD_LIMIT 262144

// A fork while another thread records would leave the child's mutex held for ever: the
// record is held across fork, and the child (not the started program) records nothing.
static void before_fork(void) { pthread_mutex_lock(&lock); }
static void after_fork_in_parent(void) { pthread_mutex_unlock(&lock); }
static void after_fork_in_child(void) {
  __atomic_store_n(&state, -1, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void prepare_for_fork(void) {
  pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child);
}

static int is_recording(void) {
  int known = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
  if (known != 0) return known > 0;
  const char *pid = getenv(PARLANCE_LIVE_PID_VARIABLE_NAME);
  int started = pid != NULL && strtol(pid, NULL, 10) == (long)getpid();
  if (started) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t made = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
    __atomic_store_n(&identity, made ^ ((uint64_t)getpid() << 44), __ATOMIC_RELEASE);
  }
  __atomic_store_n(&state, started ? 1 : -1, __ATOMIC_RELEASE);
  return started;
}

/// FNV-1a over the domain, a NUL and the key.
static uint64_t hash_of(const char *domain, size_t domain_length, const char *key,
                        size_t key_length) {
  uint64_t hash = 14695981039346656037ULL;
  for (size_t index = 0; index <= domain_length; index++) {
    hash = (hash ^ (unsigned char)(index < domain_length ? domain[index] : 0)) *
           1099511628211ULL;
  }
  for (size_t index = 0; index < key_length; index++) {
    hash = (hash ^ (unsigned char)key[index]) * 1099511628211ULL;
  }
  return hash;
}

/// Whether `entry` is `domain` and `key`.
static int entry_is(const Entry *entry, uint64_t hash, const char *domain, size_t domain_length,
                    const char *key, size_t key_length) {
  if (entry->hash != hash) return 0;
  const char *names = entry->names;
  return memcmp(names, domain, domain_length) == 0 && names[domain_length] == '\0' &&
         memcmp(names + domain_length + 1, key, key_length) == 0 &&
         names[domain_length + 1 + key_length] == '\0';
}

/// Room in `order` for one more name; 0 when memory ran out.
static int make_room_in_order(void) {
  if (count < order_capacity) return 1;
  size_t larger = order_capacity == 0 ? 1024 : order_capacity * 2;
  char **made = realloc(order, larger * sizeof(char *));
  if (made == NULL) return 0;
  order = made;
  order_capacity = larger;
  return 1;
}

/// Doubles the table; 0 when memory ran out.
static int grow(void) {
  size_t larger = capacity == 0 ? 1024 : capacity * 2;
  Entry *made = calloc(larger, sizeof(Entry));
  if (made == NULL) return 0;
  for (size_t index = 0; index < capacity; index++) {
    if (table[index].names == NULL) continue;
    size_t slot = (size_t)table[index].hash & (larger - 1);
    while (made[slot].names != NULL) slot = (slot + 1) & (larger - 1);
    made[slot] = table[index];
  }
  free(table);
  table = made;
  capacity = larger;
  return 1;
}

/// Remembers that the program asked `domain` (NULL: its default domain) for `key`.
static void record(const char *domain, const char *key) {
  if (key == NULL || recording_here || !is_recording()) return;
  recording_here = 1;
  if (domain == NULL) domain = (textdomain)(NULL);
  if (domain == NULL) domain = "messages";
  size_t domain_length = strlen(domain);
  size_t key_length = strlen(key);
  uint64_t hash = hash_of(domain, domain_length, key, key_length);
  pthread_mutex_lock(&lock);
  if (!overflowed) {
    size_t slot = capacity == 0 ? 0 : (size_t)hash & (capacity - 1);
    int found = 0;
    while (capacity > 0 && table[slot].names != NULL) {
      if (entry_is(&table[slot], hash, domain, domain_length, key, key_length)) {
        found = 1;
        break;
      }
      slot = (slot + 1) & (capacity - 1);
    }
    if (!found) {
      char *names = malloc(domain_length + key_length + 2);
      if (count >= RECORD_LIMIT || names == NULL || !make_room_in_order() ||
          ((count + 1) * 2 > capacity && !grow())) {
        free(names);
        overflowed = 1;
      } else {
        memcpy(names, domain, domain_length);
        names[domain_length] = '\0';
        memcpy(names + domain_length + 1, key, key_length);
        names[domain_length + 1 + key_length] = '\0';
        slot = (size_t)hash & (capacity - 1);
        while (table[slot].names != NULL) slot = (slot + 1) & (capacity - 1);
        table[slot] = (Entry){hash, names};
        order[count++] = names;
      }
    }
  }
  pthread_mutex_unlock(&lock);
  recording_here = 0;
}

/// glibc's own function `name`, looked up once.
#define REAL(type, name)                                      \
  static type found = NULL;                                   \
  type real = __atomic_load_n(&found, __ATOMIC_ACQUIRE);      \
  if (real == NULL) {                                         \
    real = (type)dlsym(RTLD_NEXT, name);                      \
    __atomic_store_n(&found, real, __ATOMIC_RELEASE);         \
  }

typedef char *(*dcgettext_type)(const char *, const char *, int);
typedef char *(*dcngettext_type)(const char *, const char *, const char *, unsigned long, int);

__attribute__((visibility("default"))) char *(dcgettext)(const char *domain, const char *msgid,
                                                       int category) {
  REAL(dcgettext_type, "dcgettext");
  if (real == NULL) return (char *)msgid;
  record(domain, msgid);
  return real(domain, msgid, category);
}

__attribute__((visibility("default"))) char *(dgettext)(const char *domain, const char *msgid) {
  return (dcgettext)(domain, msgid, LC_MESSAGES);
}

__attribute__((visibility("default"))) char *(gettext)(const char *msgid) {
  return (dcgettext)(NULL, msgid, LC_MESSAGES);
}

__attribute__((visibility("default"))) char *(dcngettext)(const char *domain, const char *singular,
                                                        const char *plural, unsigned long n,
                                                        int category) {
  REAL(dcngettext_type, "dcngettext");
  if (real == NULL) return (char *)(n == 1 ? singular : plural);
  record(domain, singular);
  return real(domain, singular, plural, n, category);
}

__attribute__((visibility("default"))) char *(dngettext)(const char *domain, const char *singular,
                                                       const char *plural, unsigned long n) {
  return (dcngettext)(domain, singular, plural, n, LC_MESSAGES);
}

__attribute__((visibility("default"))) char *(ngettext)(const char *singular, const char *plural,
                                                      unsigned long n) {
  return (dcngettext)(NULL, singular, plural, n, LC_MESSAGES);
}

__attribute__((visibility("default"))) char **parlance_gettext_record(size_t from, size_t *length,
                                                                      size_t *total,
                                                                      int *complete,
                                                                      uint64_t *record) {
  pthread_mutex_lock(&lock);
  size_t first = from < count ? from : count;
  char **names = malloc((count - first + 1) * sizeof(char *));
  if (names != NULL) {
    memcpy(names, order + first, (count - first) * sizeof(char *));
    names[count - first] = NULL;
  }
  *length = names != NULL ? count - first : 0;
  *total = count;
  *complete = names != NULL && !overflowed && state > 0;
  *record = __atomic_load_n(&identity, __ATOMIC_ACQUIRE);
  pthread_mutex_unlock(&lock);
  return names;
}
