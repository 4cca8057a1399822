/*
 * The start of an Android executable, for linking the headless `latu` without an NDK
 * (android/phone_determinism.sh): what the NDK's crtbegin_dynamic.o does. The kernel enters
 * _start with the stack holding argc, argv and envp; bionic's __libc_init sets up libc and
 * calls main. The dynamic linker runs the executable's init arrays itself; the arrays handed
 * to __libc_init are empty (bionic's form: -1, then the functions, then 0).
 */

typedef void (*array_entry)(void);

typedef struct {
    array_entry *preinit_array;
    array_entry *init_array;
    array_entry *fini_array;
} structors_array_t;

extern int main(int argc, char **argv, char **envp);
extern void __libc_init(void *raw_args, void (*onexit)(void),
                        int (*slingshot)(int, char **, char **),
                        const structors_array_t *structors) __attribute__((noreturn));

static array_entry empty_array[] = {(array_entry)-1, 0};
static const structors_array_t structors = {empty_array, empty_array, empty_array};

__attribute__((used, noreturn)) static void start_main(void *raw_args) {
    __libc_init(raw_args, 0, &main, &structors);
}

/* Clear the frame and link registers (the end of any backtrace), pass the stack, jump on. */
#if defined(__aarch64__)
__asm__(".text\n.global _start\n.type _start,%function\n_start:\n"
        "mov x29, #0\nmov x30, #0\nmov x0, sp\nb start_main\n");
#elif defined(__arm__)
__asm__(".text\n.global _start\n.type _start,%function\n_start:\n"
        "mov fp, #0\nmov lr, #0\nmov r0, sp\nb start_main\n");
#else
#error "an ABI Latu does not ship"
#endif
