/* Preloaded into Janus by the browser meeting test (run-in-netns.sh). Janus 1.1.2 leaves out every
 * interface flagged IFF_LOOPBACK when it gathers ICE candidates, whatever ice_enforce_list says, so a
 * test whose only network is "lo" could never connect. Here getifaddrs() reports "lo" without that
 * flag, and ice_enforce_list = "lo" then picks 127.0.0.1. Build: gcc -shared -fPIC -o x.so this.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <string.h>

typedef int (*getifaddrs_fn)(struct ifaddrs **);

int getifaddrs(struct ifaddrs **list) {
  static getifaddrs_fn next;
  if (next == NULL) next = (getifaddrs_fn)dlsym(RTLD_NEXT, "getifaddrs");
  int result = next(list);
  if (result != 0) return result;
  for (struct ifaddrs *entry = *list; entry != NULL; entry = entry->ifa_next) {
    if (entry->ifa_name != NULL && strcmp(entry->ifa_name, "lo") == 0) entry->ifa_flags &= ~(unsigned int)IFF_LOOPBACK;
  }
  return 0;
}
