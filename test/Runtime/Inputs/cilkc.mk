# A Makefile written for Cilk-5's cilkc: `make CC=cilkc` builds with ours.
CC = cilkc
CFLAGS = -O2
$(OUT)/sum: $(OUT)/cilkc-sum.o $(OUT)/cilkc-part.o
	$(CC) $(CFLAGS) $^ -o $@
$(OUT)/%.o: $(SRC)/%.cilk
	$(CC) $(CFLAGS) -c $< -o $@
