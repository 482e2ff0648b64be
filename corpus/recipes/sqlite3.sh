build_rv() { exit 1; }
