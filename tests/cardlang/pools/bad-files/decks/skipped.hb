garbage { { {
