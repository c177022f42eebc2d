# A Makefile written for OpenCilk: `make CC=cilkc` builds with ours.
CC = clang
CILKFLAG ?= -fopencilk
CFLAGS = -Wall -O2 $(CILKFLAG)
LDFLAGS = $(CILKFLAG)
$(OUT)/names$(SUFFIX): $(OUT)/names$(SUFFIX).o
	$(CC) $(LDFLAGS) $^ -o $@
$(OUT)/names$(SUFFIX).o: $(SRC)/opencilk-names.c
	$(CC) $(CFLAGS) -c $< -o $@
# Dependencies, as many Makefiles make them: the preprocessor alone.
$(OUT)/names.d: $(SRC)/opencilk-names.c
	$(CC) $(CFLAGS) -MM -MT $(OUT)/names.o $< > $@
