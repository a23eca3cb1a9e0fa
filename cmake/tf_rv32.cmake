# RV32 cross-compilation with the machine's clang and ld.lld.
#
# Everything that runs on the simulated chip (firmware, kernels, guest test
# programs) is a bare RV32 ELF built by add_custom_command, not by a CMake
# language toolchain, so the host part of the project keeps its own compiler.
#
#   tf_rv32_program(<target> SOURCES ... [LINKER_SCRIPT f] [MARCH a] [MABI b]
#                   [DEFINES ...] [INCLUDES ...] [CFLAGS ...] [LDFLAGS ...] [LIBS ...]
#                   [CXX_INCLUDES ...] [CXX_FLAGS ...] [WARNINGS ...] [OUTPUT path.elf]
#                   [DEPENDS ...])
#
# .cpp/.cc/.cxx sources are compiled with clang++ and TF_RV32_CXX_FLAGS,
# with CXX_INCLUDES searched before INCLUDES and CXX_FLAGS appended.
# WARNINGS replaces the warning flags (default TF_RV32_OWN_WARNINGS, below).
# builds <target> -> OUTPUT (default ${CMAKE_CURRENT_BINARY_DIR}/<target>.elf)
# and records the path in the target property TF_ELF. Every compile and link
# depends on a flags file that is rewritten only when the flags change, so
# changing an option (say TT_FOIL_DEVICE_PROFILER) rebuilds exactly the ELFs
# whose command line changed, with any generator.
#
# TF_SOURCE_ROOT is where device/ and contracts/ are: tt-foil's source
# directory in its own build (also through add_subdirectory), share/tt_foil
# in an installed tree (tt_foil-config.cmake). Variables the functions here
# and in tt_foil_kernel.cmake read are kept in global properties
# (tf_export_vars / tf_import_vars), so the functions work when called from
# a directory that does not see tt-foil's variables (a consumer project
# that added tt-foil with add_subdirectory()).

if(NOT DEFINED TF_SOURCE_ROOT)
    get_filename_component(TF_SOURCE_ROOT ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)
endif()

# Record variables for the functions (see above).
function(tf_export_vars)
    foreach(v ${ARGN})
        set_property(GLOBAL APPEND PROPERTY TF_EXPORTED_VARS ${v})
        set_property(GLOBAL PROPERTY TF_VAR_${v} "${${v}}")
    endforeach()
endfunction()
# In a function: the recorded variables in its scope.
macro(tf_import_vars)
    get_property(_tf_vars GLOBAL PROPERTY TF_EXPORTED_VARS)
    list(REMOVE_DUPLICATES _tf_vars)
    foreach(_tf_v IN LISTS _tf_vars)
        get_property(${_tf_v} GLOBAL PROPERTY TF_VAR_${_tf_v})
    endforeach()
endmacro()

find_program(TF_RV32_CLANG NAMES clang clang-18 clang-17 clang-16 clang-15 clang-14
             DOC "clang used to cross-compile RV32 code")
find_program(TF_RV32_CLANGXX NAMES clang++ clang++-18 clang++-17 clang++-16 clang++-15 clang++-14
             DOC "clang++ used to cross-compile RV32 C++ kernels")
find_program(TF_RV32_LLD NAMES ld.lld ld.lld-18 ld.lld-17 ld.lld-16 ld.lld-15 ld.lld-14
             DOC "ld.lld used to link RV32 code")
if(NOT TF_RV32_CLANG)
    message(FATAL_ERROR "tt-foil: clang not found. The chip's firmware, kernels and test "
                        "programs are RV32 ELFs built with 'clang --target=riscv32-unknown-elf'. "
                        "Install it (Debian: apt-get install clang) or pass "
                        "-DTF_RV32_CLANG=/path/to/clang.")
endif()
if(NOT TF_RV32_CLANGXX)
    message(FATAL_ERROR "tt-foil: clang++ not found. C++ kernels (tt-metal's kernel API) are "
                        "built with 'clang++ --target=riscv32-unknown-elf'. Install it (Debian: "
                        "apt-get install clang) or pass -DTF_RV32_CLANGXX=/path/to/clang++.")
endif()
if(NOT TF_RV32_LLD)
    message(FATAL_ERROR "tt-foil: ld.lld not found. RV32 ELFs are linked with LLVM's lld. "
                        "Install it (Debian: apt-get install lld) or pass "
                        "-DTF_RV32_LLD=/path/to/ld.lld.")
endif()

# Probe once that this clang really targets riscv32 (some builds omit it).
if(NOT TF_RV32_PROBED)
    set(_probe_dir ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/tf_rv32_probe)
    file(MAKE_DIRECTORY ${_probe_dir})
    file(WRITE ${_probe_dir}/p.c "void _start(void) { for (;;) {} }\n")
    execute_process(
        COMMAND ${TF_RV32_CLANG} --target=riscv32-unknown-elf -march=rv32imf -mabi=ilp32f
                -nostdlib -ffreestanding --ld-path=${TF_RV32_LLD} ${_probe_dir}/p.c
                -o ${_probe_dir}/p.elf
        RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "tt-foil: ${TF_RV32_CLANG} cannot build a riscv32 ELF with "
                            "${TF_RV32_LLD}:\n${_out}")
    endif()
    set(TF_RV32_PROBED ON CACHE INTERNAL "")
endif()

set(TF_RV32_COMMON_FLAGS
    --target=riscv32-unknown-elf -ffreestanding -fno-builtin -nostdlib -mno-relax
    -fno-common -fno-pic -O2 -g
    # __FILE__ relative to the source tree: zone metadata does not depend on
    # where the tree is checked out. Only the macro: the debug info keeps
    # real absolute paths, so a pc resolves to a file that exists (mapping
    # it too gave comp_dir and name both relative, joined into nonsense).
    -fmacro-prefix-map=${TF_SOURCE_ROOT}/=)
# Warnings, two sets. tt-foil's own device code (firmware, test programs,
# the kernels of its tests and examples): -Wall -Wextra, errors with
# TT_FOIL_WERROR (what `make test` configures).
set(TF_RV32_OWN_WARNINGS -Wall -Wextra)
if(TT_FOIL_WERROR)
    list(APPEND TF_RV32_OWN_WARNINGS -Werror)
endif()
# Users' kernels (tf_kernel_build, tt_foil_cc, tt_foil_add_kernel in another
# project): one set whatever TT_FOIL_WERROR, tt-metal's JIT kernel build
# (jit_build/build.cpp) in clang's terms: -Wall -Werror, no warning about
# unused variables and functions or unknown pragmas, and only a warning for
# a variable set but not used, parentheses and deprecated names. Warnings
# of clang's -Wall that GCC's -Wall (tt-metal's compiler) does not have are
# warnings only, so what tt-metal builds builds here. docs/kernels.md.
set(TF_KERNEL_WARNINGS -Wall -Werror -Wno-unknown-warning-option -Wno-unknown-pragmas
    -Wno-unused-variable -Wno-unused-function -Wno-error=unused-but-set-variable
    -Wno-error=parentheses -Wno-error=deprecated-declarations
    -Wno-error=unused-private-field -Wno-error=unused-lambda-capture -Wno-error=self-assign
    -Wno-error=for-loop-analysis -Wno-error=mismatched-tags -Wno-error=missing-braces
    -Wno-error=string-plus-int -Wno-error=overloaded-virtual
    -Wno-error=tautological-constant-out-of-range-compare -Wno-error=tautological-pointer-compare
    -Wno-error=tautological-undefined-compare -Wno-error=constant-logical-operand
    -Wno-error=unknown-attributes -Wno-error=expansion-to-defined)
# C++ (device kernels only): freestanding, no exceptions, no RTTI, no
# start-up code, and our own freestanding standard headers
# (device/tt-metal/std: there is no C++ library for riscv32 here, and a
# facility we do not provide fails at compile time naming it).
set(TF_RV32_CXX_FLAGS -std=c++17 -fno-exceptions -fno-rtti -fno-threadsafe-statics
    -fno-use-cxa-atexit -Wno-c++20-designator -nostdinc++ -isystem ${TF_SOURCE_ROOT}/device/tt-metal/std)
# Device code through ccache when the machine has it (TT_FOIL_CCACHE): one
# checkout's build trees (make test's, the demo's, the sanitizers') compile
# the same kernels and firmware with the same flags, and an RV32 object does
# not depend on the tree it is built for, so the second tree takes them from
# the cache (docs/install.md). Compiles run in TF_SOURCE_ROOT, so no tree's
# directory enters an object (its DW_AT_comp_dir) or ccache's key.
option(TT_FOIL_CCACHE "Compile device code (RV32) through ccache when it is installed" ON)
set(TF_RV32_LAUNCHER)
if(TT_FOIL_CCACHE)
    find_program(TF_CCACHE NAMES ccache DOC "ccache for RV32 compiles (TT_FOIL_CCACHE)")
    if(TF_CCACHE)
        set(TF_RV32_LAUNCHER ${TF_CCACHE})
    endif()
endif()
# C++ compiles go through tf_rv32_cxx.sh (`#pragma GCC unroll 0`, there).
set(TF_RV32_CXX_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/tf_rv32_cxx.sh)
tf_export_vars(TF_RV32_COMMON_FLAGS TF_RV32_OWN_WARNINGS TF_KERNEL_WARNINGS TF_RV32_CXX_FLAGS
               TF_RV32_LAUNCHER TF_RV32_CXX_SCRIPT)

function(tf_rv32_program target)
    cmake_parse_arguments(A "" "LINKER_SCRIPT;MARCH;MABI;OUTPUT"
                          "SOURCES;DEFINES;INCLUDES;CFLAGS;LDFLAGS;LIBS;DEPENDS;CXX_INCLUDES;CXX_FLAGS;WARNINGS"
                          ${ARGN})
    tf_import_vars()
    if(NOT A_MARCH)
        set(A_MARCH rv32imf)
    endif()
    if(NOT A_MABI)
        set(A_MABI ilp32f)
    endif()
    if(NOT A_OUTPUT)
        set(A_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${target}.elf)
    endif()
    if(NOT A_WARNINGS)
        set(A_WARNINGS ${TF_RV32_OWN_WARNINGS})
    endif()
    set(flags ${TF_RV32_COMMON_FLAGS} ${A_WARNINGS} -march=${A_MARCH} -mabi=${A_MABI} ${A_CFLAGS})
    foreach(d ${A_DEFINES})
        list(APPEND flags -D${d})
    endforeach()
    set(cxxflags ${flags} ${TF_RV32_CXX_FLAGS} ${A_CXX_FLAGS})
    foreach(i ${A_CXX_INCLUDES})
        list(APPEND cxxflags -I${i})
    endforeach()
    foreach(i ${A_INCLUDES})
        list(APPEND flags -I${i})
        list(APPEND cxxflags -I${i})
    endforeach()
    set(objdir ${CMAKE_CURRENT_BINARY_DIR}/rv32/${target})
    get_filename_component(outdir ${A_OUTPUT} DIRECTORY)
    file(MAKE_DIRECTORY ${outdir})
    set(flagfile ${objdir}/flags.txt)
    string(REPLACE ";" " " flagtext "${flags} ${cxxflags} ${A_LINKER_SCRIPT} ${A_LIBS}")
    file(CONFIGURE OUTPUT ${flagfile} CONTENT "${flagtext}\n")

    set(objs)
    foreach(src ${A_SOURCES})
        get_filename_component(abs ${src} ABSOLUTE)
        get_filename_component(base ${src} NAME)
        set(obj ${objdir}/${base}.o)
        file(RELATIVE_PATH relobj ${CMAKE_BINARY_DIR} ${obj})
        if(abs MATCHES "\\.(cpp|cc|cxx)$")
            set(cc sh ${TF_RV32_CXX_SCRIPT} ${abs} ${obj} ${obj}.d ${TF_RV32_LAUNCHER}
                   ${TF_RV32_CLANGXX} ${cxxflags})
            set(script ${TF_RV32_CXX_SCRIPT})
        else()
            set(cc ${TF_RV32_LAUNCHER} ${TF_RV32_CLANG} ${flags} -MD -MF ${obj}.d -c ${abs} -o
                   ${obj})
            set(script)
        endif()
        add_custom_command(
            OUTPUT ${obj}
            COMMAND ${cc}
            DEPENDS ${abs} ${flagfile} ${A_DEPENDS} ${script}
            DEPFILE ${obj}.d
            WORKING_DIRECTORY ${TF_SOURCE_ROOT}
            COMMENT "RV32 ${relobj}"
            VERBATIM)
        list(APPEND objs ${obj})
    endforeach()
    set(ldflags ${A_LDFLAGS})
    if(A_LINKER_SCRIPT)
        list(APPEND ldflags -Wl,-T,${A_LINKER_SCRIPT})
    endif()
    add_custom_command(
        OUTPUT ${A_OUTPUT}
        COMMAND ${TF_RV32_CLANG} ${flags} --ld-path=${TF_RV32_LLD} -Wl,--no-relax ${ldflags}
                ${objs} ${A_LIBS} -o ${A_OUTPUT}
        DEPENDS ${objs} ${flagfile} ${A_LINKER_SCRIPT} ${A_LIBS}
        COMMENT "RV32 link ${target}"
        VERBATIM)
    add_custom_target(${target} ALL DEPENDS ${A_OUTPUT})
    set_target_properties(${target} PROPERTIES TF_ELF ${A_OUTPUT})
endfunction()
