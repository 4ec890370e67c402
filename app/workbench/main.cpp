// Placeholder until the shell is written (this session).
int main() { return 0; }
