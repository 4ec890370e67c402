// Placeholder until its author writes it (this session).
