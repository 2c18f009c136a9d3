// Preloaded (node --require) into the processes the local stack spawns (Azurite). They are spawned
// with an IPC channel, which closes when the stack's process ends, however it ends (SIGKILL too):
// then the child ends as well instead of keeping its port and data dir.
process.on('disconnect', () => process.exit(0));
process.channel?.unref();
