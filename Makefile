# tt-foil: the two commands of the README, plus helpers.
#   make demo   build with both profilers and run the demo under the profiler
#   make test   configure, build and run every test (warnings are errors)
BUILD    ?= build
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE    ?= cmake
CONFIG    = -DTT_FOIL_WERROR=ON

.PHONY: test-spec test-consumer all build test demo bench bench-deps deps deps-libdw deps-ccache format format-check clean test-sanitize test-tsan test-demo fuzz

all: build

$(BUILD)/CMakeCache.txt:
	$(CMAKE) -S . -B $(BUILD) $(CONFIG)

build: $(BUILD)/CMakeCache.txt
	$(CMAKE) --build $(BUILD) -j $(JOBS)

test: deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# $(call deb_install,CHECK,PACKAGE,WHAT FOR,WITHOUT IT[,NOTE]): when the
# shell test CHECK fails, install the Debian package PACKAGE if we can
# (root and apt-get), else say what WITHOUT IT means when NOTE is given
# (the build goes on either way). No commas inside the arguments.
define deb_install
	@$(1) || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing $(2) ($(3))"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(2) >/dev/null) \
	      || echo "warning: could not install $(2); $(4)"; \
	  $(if $(5),else echo "note: $(2) not installed; $(4)";) \
	  fi; }
endef
# $(call refind,TREE,CACHE_VAR,CHECK): configure TREE again when CMake did
# not find CACHE_VAR there but the shell test CHECK now passes (a package
# installed after the tree was configured; CMake searches again for a
# NOTFOUND result).
define refind
	@! { $(3); } || ! grep -qs '^$(2):[A-Z]*=.*NOTFOUND' $(1)/CMakeCache.txt || \
	  $(CMAKE) -S . -B $(1) >/dev/null
endef
LIBDW_CHECK = [ -f /usr/include/elfutils/libdw.h ]
OPENBLAS_CHECK = [ -e /usr/lib/$$(gcc -dumpmachine 2>/dev/null)/libopenblas.so ] || [ -e /usr/lib/libopenblas.so ]

# Debian packages the build and tests use when present: libdw-dev (device
# pcs as function (file:line) in messages) and Chromium (the HTML report
# loaded headless). Installed when we can (root and apt-get); otherwise
# each says what is missing and the build goes on without it.
deps: deps-libdw deps-ccache
	$(call deb_install,command -v chromium >/dev/null 2>&1,chromium,headless check of the HTML report,the HTML report will be checked structurally only,note)

# ccache: the build trees of one checkout (test, test-demo, the sanitizers)
# share their device objects through it (TT_FOIL_CCACHE, docs/install.md).
deps-ccache:
	$(call deb_install,command -v ccache >/dev/null 2>&1,ccache,device objects shared between build trees,every build tree compiles its own device code)

# (a tree configured before libdw-dev was installed is configured again)
deps-libdw:
	$(call deb_install,$(LIBDW_CHECK),libdw-dev,device pcs as function and source line,device pcs will be shown bare,note)
	$(call refind,$(BUILD),TF_LIBDW,$(LIBDW_CHECK))

# The main job: the CNN demo under the profiler, from its own tree with
# both profilers built in (docs/demo.md). Reports in generated/profiler/.
# A built tree is only checked (no configure: the build re-runs CMake
# itself when a CMakeLists.txt changed); Ninja when there is one, whose
# up-to-date check takes tens of milliseconds.
DEMO_BUILD ?= build-demo
DEMO_OPTS = -DTT_FOIL_ENABLE_TRACY=ON -DTT_FOIL_DEVICE_PROFILER=ON
DEMO_GEN := $(if $(shell command -v ninja 2>/dev/null),-G Ninja)
demo: deps-libdw
	$(call refind,$(DEMO_BUILD),TF_LIBDW,$(LIBDW_CHECK))
	@grep -qs '^TT_FOIL_ENABLE_TRACY:BOOL=ON' $(DEMO_BUILD)/CMakeCache.txt && \
	  grep -qs '^TT_FOIL_DEVICE_PROFILER:BOOL=ON' $(DEMO_BUILD)/CMakeCache.txt || \
	  $(CMAKE) -S . -B $(DEMO_BUILD) $(if $(wildcard $(DEMO_BUILD)/CMakeCache.txt),,$(DEMO_GEN)) $(DEMO_OPTS) >/dev/null
	$(CMAKE) --build $(DEMO_BUILD) -j $(JOBS) --target cnn_demo tt_foil_profile
	$(DEMO_BUILD)/tools/tt_foil_profile -o generated/profiler -- $(DEMO_BUILD)/examples/cnn/cnn_demo --images 4

# The suite in the demo's tree, both profilers built in: the tests that
# check what they record with the device profiler on (device zones read
# back inside wait_done, the firmware's markers) run only here. The compute
# API's numerics tests (ctest label kernel_numerics: tens of kernel builds
# each, values the profilers do not change; tests/CMakeLists.txt) and its
# compile-time refusals (label kernel_compile) run in `make test` only.
test-demo: deps
	$(CMAKE) -S . -B $(DEMO_BUILD) $(if $(wildcard $(DEMO_BUILD)/CMakeCache.txt),,$(DEMO_GEN)) $(DEMO_OPTS) -DTT_FOIL_WERROR=ON >/dev/null
	$(CMAKE) --build $(DEMO_BUILD) -j $(JOBS)
	cd $(DEMO_BUILD) && ctest --output-on-failure -j $(JOBS) -LE 'kernel_numerics|kernel_compile'

# qemu-user gives bench_sim_mips its reference (qemu-riscv32 on the same
# ELF); installed when we can, as chromium is for the tests.
bench-deps:
	$(call deb_install,command -v qemu-riscv32 >/dev/null 2>&1,qemu-user,the reference of bench_sim_mips,bench_sim_mips will print no ratio)
	@# the library itself: Debian's reference BLAS (libblas-dev) brings a cblas.h too
	$(call deb_install,$(OPENBLAS_CHECK),libopenblas-dev,the reference of bench_tile,bench_tile will print no ratio)
	$(call refind,$(BUILD),TF_OPENBLAS_LIB,$(OPENBLAS_CHECK))

bench: bench-deps build
	$(CMAKE) --build $(BUILD) --target mixbench_elf bench_sim_mips bench_prof bench_device_profiler bench_profile bench_cnn bench_dense bench_async bench_report bench_tile bench_sfpi -j $(JOBS)
	$(BUILD)/bench/bench_sim_mips
	@$(CMAKE) --build $(BUILD) --target mixbench_extra_elf >/dev/null 2>&1 || true
	@if [ -f $(BUILD)/bench/mixbench.elf ]; then $(BUILD)/bench/bench_sim_mips $(BUILD)/bench/mixbench.elf; fi
	$(BUILD)/bench/bench_prof
	$(BUILD)/bench/bench_device_profiler
	$(BUILD)/bench/bench_profile
	$(BUILD)/bench/bench_cnn
	$(BUILD)/bench/bench_dense
	$(BUILD)/bench/bench_async
	$(BUILD)/bench/bench_report
	$(BUILD)/bench/bench_tile
	$(BUILD)/bench/bench_sfpi

# AddressSanitizer + UndefinedBehaviorSanitizer build of the whole test suite
# but the compute API's compile-time refusals (label kernel_compile: 49 s
# there of clang building kernels, which are not sanitized; tt_foil_cc's own
# code is run under the sanitizers by cli_tt_foil_cc).
test-sanitize:
	$(MAKE) test BUILD=build-asan CONFIG="-DTT_FOIL_WERROR=ON -DTT_FOIL_SANITIZE=ON" \
	  CTEST_ARGS="-LE kernel_compile"

# ThreadSanitizer on the multi-threaded parts: the host profiler and the
# simulator threads behind the runtime (test_sim_threads runs them on 1, 2 and 8;
# test_decode_threads the decode example on 1 and 2).
# ThreadSanitizer sleeps 1 s at every process's exit by default (for threads
# still running then to race into its reports); cli_tt_foil_profile's three
# parts start about a hundred processes, so 1 s each was 90 of their 117 s. 50 ms
# still lets a thread that outlives main be caught. The benchmarks are not
# built there (none of these tests runs one).
test-tsan: deps-ccache
	$(CMAKE) -S . -B build-tsan -DTT_FOIL_WERROR=ON -DTT_FOIL_TSAN=ON -DTT_FOIL_BUILD_BENCH=OFF
	$(CMAKE) --build build-tsan -j $(JOBS)
	cd build-tsan && TSAN_OPTIONS="atexit_sleep_ms=50 $$TSAN_OPTIONS" ctest --output-on-failure -j $(JOBS) -R 'test_handle|test_stalls|test_prof|test_multi_kernel|test_runtime_errors|test_tile_copy|test_device_profiler|cli_tt_foil_profile|test_matmul|test_eltwise|cnn_demo|test_sim_threads|test_sim_parallel|test_sim_host_runs|test_host_runs|test_dprint_cores|test_decode_threads'

# The spec's own commands (its TL;DR and section 3 examples), verbatim, in
# a fresh copy of this tree (tests/cli/test_spec_commands.sh).
test-spec:
	bash tests/cli/test_spec_commands.sh .

# A project of its own using tt-foil three ways: add_subdirectory, an
# installed tree through find_package, pkg-config with a plain compiler
# (tests/consumer/run.sh; docs/install.md). Needs pkg-config.
test-consumer:
	$(call deb_install,command -v pkg-config >/dev/null 2>&1,pkg-config,the consumer's pkg-config build,its pkg-config build will fail)
	JOBS=$(JOBS) bash tests/consumer/run.sh .

# Fuzzing (tests/fuzz/README.md): each libFuzzer harness for FUZZ_SECONDS
# under ASan + UBSan, from the committed regression inputs and the seeds.
# Built by clang with warnings as errors: CI's only clang build of the
# library (clang warns where gcc does not, e.g. -Wstring-concatenation).
FUZZ_SECONDS ?= 60
fuzz:
	$(CMAKE) -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DTT_FOIL_FUZZ=ON -DTT_FOIL_SANITIZE=ON -DTT_FOIL_WERROR=ON >/dev/null
	$(CMAKE) --build build-fuzz -j $(JOBS) --target fuzz_all
	JOBS=$(JOBS) bash tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ)

# C and the C++ of device kernels and their headers alike (.clang-format)
FORMAT_FILES = $(shell git ls-files '*.c' '*.h' '*.cpp' '*.hpp' 2>/dev/null | grep -v '^tests/guest/')
format:
	clang-format -i $(FORMAT_FILES)
format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	rm -rf build build-asan build-tsan build-demo build-fuzz generated
