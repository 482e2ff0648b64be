/*
 * sim_guest.c — starting a guest (a program or a checkpoint) with the emulator options and the
 * rules that end it, shared by every command that runs one (see sim_guest.h).
 */
#include "sim/sim_guest.h"
#include "emu/checkpoint.h"
#include "util/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

/* Open the trace file on a high descriptor so the guest's own descriptors number as they
 * would without robin. */
static FILE *sim_guest_open_trace(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	int high = fcntl(fd, F_DUPFD_CLOEXEC, 900);
	if (high >= 0) {
		close(fd);
		fd = high;
	}
	FILE *f = fdopen(fd, "w");
	if (!f)
		close(fd);
	return f;
}

/* Open the --trace output and put it in the emulator configuration. 0, or 1 after a message. */
static int sim_guest_trace(struct emu_opts *o, const char *cmd)
{
	if (o->trace_n) {
		if (o->trace_file) {
			o->trace = sim_guest_open_trace(o->trace_file);
			if (!o->trace) {
				fprintf(stderr, "robin %s: cannot write trace file %s: %s\n", cmd,
				        o->trace_file, strerror(errno));
				return 1;
			}
		} else {
			o->trace = stderr;
		}
		o->cfg.trace = o->trace;
		o->cfg.trace_insns = o->trace_n;
	}
	return 0;
}

/* Whether the guest's world is fixed (emu/hermetic.h): --hermetic, a hermetic parent's execve
 * (--hermetic-ids), or the default of every command but `run`; --host-env opts out. `robin run
 * --hermetic` also takes the clocks from the instruction count (--virtual-time). */
static void sim_guest_hermetic(struct emu_opts *o, const char *cmd)
{
	if (o->hermetic_req == 1 || o->cfg.hermetic_ids)
		o->cfg.hermetic = 1;
	else if (o->hermetic_req == 2)
		o->cfg.hermetic = 0;
	else if (!o->cfg.hermetic)
		o->cfg.hermetic = strcmp(cmd, "run") != 0;
	if (o->cfg.hermetic && !strcmp(cmd, "run"))
		o->cfg.virtual_time = 1;
}

/* The guest's environment: as given (o->envp); else the fixed minimal set under hermetic (the
 * caller's own after a hermetic parent's execve, which chose it) or robin's; then --env.
 * NULL after a message when it does not fit. */
static char **sim_guest_env(struct emu_opts *o, const char *cmd)
{
	if (o->envp)
		return o->envp;
	char *const *base = o->cfg.hermetic && !o->cfg.hermetic_ids ? emu_hermetic_env_base : environ;
	int n = 0;
	while (base[n])
		n++;
	o->env_built = calloc((size_t)n + (size_t)o->n_env + 1, sizeof(char *));
	if (!o->env_built || emu_env(base, o->env_extra, o->n_env, o->env_built,
	                             n + o->n_env + 1) < 0) {
		fprintf(stderr, "robin %s: out of memory for the guest's environment\n", cmd);
		return NULL;
	}
	return o->env_built;
}

/* robin's messages go to a private copy of its stderr on a high descriptor, so that a guest
 * that closes or redirects its own descriptor 2 (xz closes it at exit) loses none of them;
 * the guest keeps descriptor 2. Once per process. */
static void sim_guest_private_stderr(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	fflush(stderr);
	int fd = fcntl(2, F_DUPFD_CLOEXEC, 900);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		return;
	}
	setvbuf(f, NULL, _IONBF, 0);
	stderr = f;
}

int sim_guest_start(struct emu_opts *o, const char *cmd, int argc, char **argv, struct emu **out)
{
	*out = NULL;
	sim_guest_private_stderr();
	if (sim_guest_trace(o, cmd))
		return 1;
	sim_guest_hermetic(o, cmd);
	char **envp = sim_guest_env(o, cmd);
	if (!envp)
		return 1;
	struct emu *e = NULL;
	if (!strcmp(cmd, "run")) {  /* a guest execve runs the new program as `robin run` */
		if (!o->n_exec) {
			o->exec_argv[o->n_exec++] = "robin";
			o->exec_argv[o->n_exec++] = "run";
		}
		o->exec_argv[o->n_exec++] = "--";
		o->exec_argv[o->n_exec] = NULL;
		o->cfg.exec_argv = o->exec_argv;
	}
	int err = emu_create(&o->cfg, &e);
	if (err) {
		fprintf(stderr, "robin: cannot create the emulator: %s\n", strerror(-err));
		return 1;
	}
	err = emu_load(e, argv[0], argc, argv, envp);
	if (err) {
		fprintf(stderr, "robin: %s\n", emu_error(e));
		emu_destroy(e);
		return err == -ENOENT ? 127 : err == -EACCES ? 126 : 1;
	}
	*out = e;
	return 0;
}

int sim_guest_restore(struct emu_opts *o, const char *cmd, const char *ckpt, struct emu **out)
{
	char err[1024];
	struct emu *e = NULL;
	*out = NULL;
	sim_guest_private_stderr();
	if (sim_guest_trace(o, cmd))
		return 1;
	sim_guest_hermetic(o, cmd);
	int rc = emu_create(&o->cfg, &e);
	if (rc) {
		fprintf(stderr, "robin: cannot create the emulator: %s\n", strerror(-rc));
		return 1;
	}
	if (checkpoint_restore(e, ckpt, err, sizeof(err))) {
		fprintf(stderr, "robin %s: %s\n", cmd, err);
		emu_destroy(e);
		return 1;
	}
	*out = e;
	return 0;
}

int sim_guest_finish(struct emu *e, enum emu_status st, const char **status, int *sig)
{
	*sig = 0;
	switch (st) {
	case EMU_EXITED:
		*status = "exited";
		return emu_exit_code(e);
	case EMU_FAULT:
		*sig = emu_fault_signal(e);
		*status = "fault";
		fprintf(stderr, "robin: %s\n", emu_fault_message(e));
		return 128 + *sig;
	case EMU_LIMIT:
	default:
		*status = "limit";
		fprintf(stderr, "robin: stopped after %" PRIu64 " instructions (--max-insns)\n",
		        emu_instret(e));
		return SIM_GUEST_EXIT_LIMIT;
	}
}

int sim_guest_close(struct emu_opts *o, const char *cmd)
{
	int err = 0;
	free(o->env_built);
	o->env_built = NULL;
	if (o->trace && o->trace != stderr)
		err = outfile_close(o->trace);
	else if (o->trace)
		fflush(o->trace);
	o->trace = NULL;
	if (err && cmd)
		fprintf(stderr, "robin %s: %s: %s\n", cmd, o->trace_file, strerror(-err));
	return err ? 1 : 0;
}
