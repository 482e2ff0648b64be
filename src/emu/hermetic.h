/*
 * hermetic.h — the guest's fixed world under emu_config.hermetic (`robin run --hermetic`, the
 * default of `robin sim`, accuracy and simpoint): process and thread ids numbered from
 * EMU_HERMETIC_PID in creation order (forked children included, across a process tree through a
 * table shared by its robin processes), the program seen as /robin/NAME, a fixed uname, and
 * the fixed minimal environment the callers give it. Without hermetic the guest sees the
 * host's pid, path and uname, as before. Entry points: hermetic_init, hermetic_next_id,
 * hermetic_child, hermetic_host_pid, hermetic_guest_pid, hermetic_uname, hermetic_exe,
 * emu_hermetic_env (emu.h).
 */
#ifndef ROBIN_EMU_HERMETIC_H
#define ROBIN_EMU_HERMETIC_H

#include <sys/utsname.h>

struct emu;

#define EMU_HERMETIC_PID 1000          /* the first process; its parent is 999 */
#define EMU_HERMETIC_EXE_DIR "/robin/"  /* the guest sees its program as /robin/NAME */

/* Set the guest's pid and parent (virtual under hermetic: a new id table, or the one a guest
 * execve handed over in cfg.hermetic_ids; the host's otherwise). Returns 0 or -errno. */
int hermetic_init(struct emu *e);

/* Unmap the id table (the descriptor stays: children and an execve share it). */
void hermetic_fini(struct emu *e);

/* In a forked process that goes on alone from the emulator's state (not a guest fork): a
 * table of ids of its own, a copy of the shared one, so that the two do not hand out each
 * other's ids. 0 or -errno. */
int hermetic_detach(struct emu *e);

/* The next id of the process tree (a new thread's tid or a child's pid). */
int hermetic_next_id(struct emu *e);

/* Remember that the child with guest pid vpid runs as host process host. */
void hermetic_child(struct emu *e, int vpid, int host);

/* Host pid of guest pid vpid (vpid itself without hermetic); -1 if no process has it. */
int hermetic_host_pid(const struct emu *e, int vpid);

/* Guest pid of host pid host (host itself without hermetic or when unknown). */
int hermetic_guest_pid(const struct emu *e, int host);

/* The option a guest execve passes to the next robin: "FD,PID,PPID,NEXT" in buf (FD -1: no
 * shared table, the next robin starts its own at NEXT). */
void hermetic_exec_arg(const struct emu *e, char *buf, size_t n);

/* uname's answer: fixed under hermetic, the host's (machine riscv64) otherwise. 0 or -errno. */
int hermetic_uname(const struct emu *e, struct utsname *u);

/* Set the program's host path and the path the guest sees (exe_path, exe_guest). */
void hermetic_exe(struct emu *e, const char *host_path);

#endif
