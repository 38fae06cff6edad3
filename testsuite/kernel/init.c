/* The init of check-kernel's initramfs: it prints the kernel's self-test
   results from the kernel log (the boot ran them before init), each line
   prefixed so that the check finds it in the serial log, then powers the
   machine off.  Built static; it needs nothing else in the initramfs.  */
#include <stdio.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/reboot.h>
#include <unistd.h>

#define SYSLOG_ACTION_READ_ALL 3

int
main (void)
{
  static char log[1 << 21];
  int n = klogctl (SYSLOG_ACTION_READ_ALL, log, sizeof log - 1);
  if (n < 0)
    {
      perror ("hotinline-boot: klogctl");
      n = 0;
    }
  log[n] = '\0';
  for (char *line = strtok (log, "\n"); line; line = strtok (NULL, "\n"))
    if (strstr (line, " tests passed") || strstr (line, " tests failed"))
      printf ("hotinline-boot: %s\n", line);
  printf ("hotinline-boot: done\n");
  fflush (stdout);
  sync ();
  reboot (RB_POWER_OFF);
  return 1;
}
