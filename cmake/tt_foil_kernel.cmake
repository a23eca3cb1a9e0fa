# Building code for the chip: firmware for each RISC role and user kernels.
#
#   tt_foil_add_kernel(<name> RISC <brisc|ncrisc|trisc0|trisc1|trisc2|compute>
#                      SOURCES <files...> [DEFINES <d...>] [INCLUDES <dirs...>]
#                      [COMPILE_ARGS <u32...>] [NAMED_COMPILE_ARGS <name=u32...>]
#                      [NOC 0|1] [PROFILER ON|OFF]
#                      [MATH_FIDELITY LoFi|HiFi2|HiFi3|HiFi4] [FP32_DEST_ACC ON|OFF]
#                      [MATH_APPROX ON|OFF]
#                      [RUNTIME_ARG_NAMES <names...>] [COMMON_RUNTIME_ARG_NAMES <names...>]
#                      [METAL2])
#
# Sources are C (our kernel API, device/include) or C++ (.cpp: tt-metal's
# kernel API, device/tt-metal, searched first; see docs/kernels.md). Every
# kernel gets tt-metal's build defines: COMPILE_FOR_BRISC / COMPILE_FOR_NCRISC
# / COMPILE_FOR_TRISC=n (+ UCK_CHLKC_*, NAMESPACE, TRISC_*), PROCESSOR_INDEX,
# KERNEL_BUILD, ARCH_BLACKHOLE (the chip modeled: tt-metal's JIT defines it on
# Blackhole), NOC_INDEX (NOC, default 0 on BRISC and 1 on NCRISC, as
# tt-metal's RISCV_0_default / RISCV_1_default), NOC_MODE=0, and with
# COMPILE_ARGS KERNEL_COMPILE_TIME_ARGS=a,b,c (get_compile_time_arg_val), with
# NAMED_COMPILE_ARGS KERNEL_COMPILE_TIME_ARG_MAP (get_named_compile_time_arg_val).
#
# builds ${CMAKE_CURRENT_BINARY_DIR}/kernels/<name>.<risc>.elf (for RISC
# compute: the three TRISC variants <name>.trisc0/1/2.elf, the same source
# compiled as unpack, math and pack) linked into that RISC's kernel region,
# with a build note the runtime checks. Targets are kernel_<name>_<risc>;
# the target kernel_<name> builds all variants. PROFILER overrides the
# build's TT_FOIL_DEVICE_PROFILER for this kernel (tests of the mismatch check). Changing a relevant option
# (TT_FOIL_DEVICE_PROFILER, TT_FOIL_PROFILE_KERNEL_BITMASK) rebuilds exactly
# the kernels and firmware whose flags changed. MATH_FIDELITY, FP32_DEST_ACC
# and MATH_APPROX are a compute kernel's settings (tt-metal's ComputeConfig
# math_fidelity, fp32_dest_acc_en, math_approx_mode; defaults HiFi4, OFF,
# OFF): the defines TF_MATH_FIDELITY, TF_FP32_DEST_ACC, TF_MATH_APPROX
# (device/include/compute_api.h; C++ kernels see MATH_FIDELITY,
# DST_ACCUM_MODE and APPROX). RUNTIME_ARG_NAMES and COMMON_RUNTIME_ARG_NAMES
# build a C++ kernel as Metal 2.0 (docs/kernels.md, "Named arguments"):
# runtime arg word i is get_arg(args::NAME) for the i-th name, likewise the
# common ones, the NAMED_COMPILE_ARGS are args:: constants too, and the
# words after the named ones are get_vararg(i) / get_common_vararg(i);
# METAL2 builds it so without such names. Names are C identifiers, not C++
# keywords, each once among the three kinds, at most TF_MAX_NAMED_ARGS (64)
# runtime and 64 common (contracts/tf_named_args.h, read below): the same
# checks as tf_kernel_build and tt_foil_cc. Warnings: a user's set (TF_KERNEL_WARNINGS,
# tt-metal's: the same as tf_kernel_build and tt_foil_cc), or tt-foil's own
# for the kernels of its own tree (TF_OWN_DEVICE_CODE).

#
# Where things are: TF_SOURCE_ROOT holds device/ and contracts/ (see
# tf_rv32.cmake), TF_BINARY_ROOT the generated device/ld/*.ld and the
# firmware ELFs device/firmware/<risc>.elf: tt-foil's binary directory in
# its own build, share/tt_foil (both roots) in an installed tree, where
# TF_INSTALLED is set and nothing is generated (the installed linker
# scripts and firmware are used as they are).

if(NOT DEFINED TF_BINARY_ROOT)
    set(TF_BINARY_ROOT ${PROJECT_BINARY_DIR})
endif()
set(TF_DEVICE_DIR ${TF_SOURCE_ROOT}/device)
set(TF_CONTRACTS_DIR ${TF_SOURCE_ROOT}/contracts)
set(TF_DEVICE_INCLUDES ${TF_DEVICE_DIR}/include ${TF_CONTRACTS_DIR})
set(TF_DEVICE_LD_DIR ${TF_BINARY_ROOT}/device/ld)
set(TF_FIRMWARE_DIR ${TF_BINARY_ROOT}/device/firmware)
set(TF_RISC_NAMES brisc ncrisc trisc0 trisc1 trisc2)
# Firmware sources: the entry and trap handler every firmware image needs
# (also test firmware built around another main), then the main loop.
set(TF_FIRMWARE_ENTRY_SOURCES ${TF_DEVICE_DIR}/firmware/crt0.S ${TF_DEVICE_DIR}/firmware/trap.c)
set(TF_FIRMWARE_SOURCES ${TF_DEVICE_DIR}/firmware/crt0.S ${TF_DEVICE_DIR}/firmware/fw.c
                        ${TF_DEVICE_DIR}/firmware/trap.c)

# Flags every image built for the device gets, by the profiler options.
set(TF_DEVICE_PROFILER_DEFINES)
if(TT_FOIL_DEVICE_PROFILER)
    set(TF_DEVICE_PROFILER_DEFINES TT_FOIL_DEVICE_PROFILER=1
                                   PROFILE_KERNEL=${TT_FOIL_PROFILE_KERNEL_BITMASK})
endif()

# Linker scripts: preprocessed from one template and the memory map, at
# configure time (re-run when either changes).
if(NOT TF_INSTALLED)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${TF_DEVICE_DIR}/ld/image.ld.in ${TF_CONTRACTS_DIR}/tf_memmap.h)
file(MAKE_DIRECTORY ${TF_DEVICE_LD_DIR})
foreach(kind FIRMWARE KERNEL)
    string(TOLOWER ${kind} lkind)
    set(idx 0)
    foreach(r ${TF_RISC_NAMES})
        set(out ${TF_DEVICE_LD_DIR}/${lkind}_${r}.ld)
        execute_process(
            COMMAND ${TF_RV32_CLANG} -E -P -x c -DTF_RISC=${idx} -DTF_IMAGE_${kind}
                    -I${TF_CONTRACTS_DIR} ${TF_DEVICE_DIR}/ld/image.ld.in -o ${out}.tmp
            RESULT_VARIABLE rc ERROR_VARIABLE err)
        if(NOT rc EQUAL 0)
            message(FATAL_ERROR "tt-foil: cannot generate ${out}:\n${err}")
        endif()
        file(COPY_FILE ${out}.tmp ${out} ONLY_IF_DIFFERENT)
        math(EXPR idx "${idx} + 1")
    endforeach()
endforeach()
endif()

# The rules for Metal 2.0 arg names, from their one statement in the
# contracts (also read by src/kbuild.c): the limit and the C++ keywords.
file(STRINGS ${TF_CONTRACTS_DIR}/tf_named_args.h _tf_l REGEX "^#define TF_MAX_NAMED_ARGS ")
string(REGEX REPLACE "^#define TF_MAX_NAMED_ARGS +([0-9]+).*" "\\1" TF_MAX_NAMED_ARGS "${_tf_l}")
file(READ ${TF_CONTRACTS_DIR}/tf_named_args.h _tf_l)
string(REGEX MATCHALL "X\\([a-z_0-9]+\\)" _tf_l "${_tf_l}")
string(REGEX REPLACE "X\\(([a-z_0-9]+)\\)" "\\1" TF_CXX_KEYWORDS "${_tf_l}")
if(NOT TF_MAX_NAMED_ARGS MATCHES "^[0-9]+$" OR NOT TF_CXX_KEYWORDS MATCHES ";int;")
    message(FATAL_ERROR "tt-foil: cannot read the named-arg rules from "
                        "${TF_CONTRACTS_DIR}/tf_named_args.h")
endif()

set(TF_DEVICE_CFLAGS -ffunction-sections -fdata-sections)
# Flags of C++ kernels besides TF_RV32_CXX_FLAGS: kernel_main keeps its C
# name, and data-movement kernels see the dataflow API without including
# it, as tt-metal's JIT wrapper does.
set(TF_KERNEL_CXX_INCLUDES ${TF_DEVICE_DIR}/tt-metal)
set(TF_KERNEL_CXX_FLAGS -include tt_foil/kernel_entry.hpp)
set(TF_KERNEL_DM_CXX_FLAGS ${TF_KERNEL_CXX_FLAGS} -include api/dataflow/dataflow_api.h)
tf_export_vars(TF_DEVICE_DIR TF_CONTRACTS_DIR TF_DEVICE_INCLUDES TF_DEVICE_LD_DIR TF_FIRMWARE_DIR
               TF_RISC_NAMES TF_DEVICE_PROFILER_DEFINES TF_DEVICE_CFLAGS TF_KERNEL_CXX_INCLUDES
               TF_KERNEL_CXX_FLAGS TF_KERNEL_DM_CXX_FLAGS TT_FOIL_PROFILE_KERNEL_BITMASK
               TF_MAX_NAMED_ARGS TF_CXX_KEYWORDS)

# The builtins (mem*, 64-bit division: device/lib/tf_builtins.c) of every
# image of the build: one object, compiled once, as tf_kernel_build keeps
# one for every kernel (src/kbuild.c, with these flags: tf_kb_cflags). Built
# with each image's own flags they were 680 of a tree's 2,193 device
# compiles, about a third of its device compile time; nothing in them
# depends on an image's defines. *out: the object's path.
function(tf_rv32_builtins out)
    tf_import_vars()
    set(obj ${CMAKE_BINARY_DIR}/rv32/tf_builtins.c.o)
    if(NOT TARGET tf_rv32_builtins)
        set(src ${TF_DEVICE_DIR}/lib/tf_builtins.c)
        set(flags ${TF_RV32_COMMON_FLAGS} ${TF_KERNEL_WARNINGS} -march=rv32imf -mabi=ilp32f
                  ${TF_DEVICE_CFLAGS})
        string(REPLACE ";" " " flagtext "${flags}")
        file(CONFIGURE OUTPUT ${obj}.flags CONTENT "${flagtext}\n")
        add_custom_command(
            OUTPUT ${obj}
            COMMAND ${TF_RV32_LAUNCHER} ${TF_RV32_CLANG} ${flags} -MD -MF ${obj}.d -c ${src} -o
                    ${obj}
            DEPENDS ${src} ${obj}.flags
            DEPFILE ${obj}.d
            WORKING_DIRECTORY ${TF_SOURCE_ROOT}
            COMMENT "RV32 tf_builtins.c (every image's)"
            VERBATIM)
        add_custom_target(tf_rv32_builtins DEPENDS ${obj})
    endif()
    set(${out} ${obj} PARENT_SCOPE)
endfunction()

# One image (firmware or kernel) for one RISC. Its build note
# (device/lib/build_note.c) goes into its one C or C++ source, as
# tf_kernel_build puts it (a compile less an image: 674 of a tree's), or
# is compiled on its own beside several sources (firmware) or assembly.
function(tf_device_image target kind risc_name out)
    cmake_parse_arguments(A "" "NAME;PROFILER"
                          "SOURCES;DEFINES;INCLUDES;DEPENDS;CXX_INCLUDES;CXX_FLAGS;WARNINGS" ${ARGN})
    tf_import_vars()
    string(LENGTH "${A_NAME}" name_len)
    if(name_len GREATER 63)
        message(FATAL_ERROR "tt_foil_add_kernel: the kernel name '${A_NAME}' is ${name_len} "
                            "bytes; its build note holds 63: give a shorter NAME")
    endif()
    set(prof ${TF_DEVICE_PROFILER_DEFINES})
    if(DEFINED A_PROFILER)
        if(A_PROFILER)
            set(prof TT_FOIL_DEVICE_PROFILER=1 PROFILE_KERNEL=${TT_FOIL_PROFILE_KERNEL_BITMASK})
        else()
            set(prof)
        endif()
    endif()
    list(FIND TF_RISC_NAMES ${risc_name} idx)
    string(TOLOWER ${kind} lkind)
    if(kind STREQUAL "FIRMWARE")
        set(k 1)
    else()
        set(k 2)
    endif()
    set(note ${TF_DEVICE_DIR}/lib/build_note.c)
    set(note_src ${note})
    set(note_flags)
    list(LENGTH A_SOURCES nsrc)
    if(nsrc EQUAL 1 AND A_SOURCES MATCHES "\\.(c|cpp|cc|cxx)$")
        set(note_src)
        set(note_flags -include ${note}) # first: as tf_kernel_build's (kb_compile_cmd)
    endif()
    tf_rv32_builtins(builtins)
    tf_rv32_program(${target}
        SOURCES ${A_SOURCES} ${note_src}
        DEFINES TF_RISC=${idx} TF_BUILD_KIND=${k} TF_BUILD_NAME="${A_NAME}"
                ${prof} ${A_DEFINES}
        INCLUDES ${A_INCLUDES} ${TF_DEVICE_INCLUDES} ${TF_DEVICE_DIR}/firmware
        CFLAGS ${TF_DEVICE_CFLAGS} ${note_flags}
        LDFLAGS -Wl,--gc-sections
        LIBS ${builtins}
        CXX_INCLUDES ${A_CXX_INCLUDES} CXX_FLAGS ${A_CXX_FLAGS} WARNINGS ${A_WARNINGS}
        LINKER_SCRIPT ${TF_DEVICE_LD_DIR}/${lkind}_${risc_name}.ld
        DEPENDS ${A_DEPENDS}
        OUTPUT ${out})
    add_dependencies(${target} tf_rv32_builtins)
endfunction()

# tt-metal's per-processor build defines (jit_build), for kernels only.
# role: the TRISC index for trisc0..2; noc: "" for the RISC's default.
function(tf_kernel_risc_defines risc noc out)
    if(risc STREQUAL "brisc")
        set(d COMPILE_FOR_BRISC PROCESSOR_INDEX=0)
        set(dnoc 0)
    elseif(risc STREQUAL "ncrisc")
        set(d COMPILE_FOR_NCRISC PROCESSOR_INDEX=1)
        set(dnoc 1)
    else()
        string(REPLACE "trisc" "" t ${risc})
        set(stage UNPACK MATH PACK)
        list(GET stage ${t} st)
        string(TOLOWER ${st} lst)
        math(EXPR pi "${t} + 2")
        set(d COMPILE_FOR_TRISC=${t} UCK_CHLKC_${st} TRISC_${st} NAMESPACE=chlkc_${lst}
              PROCESSOR_INDEX=${pi})
        set(dnoc 0)
    endif()
    if(NOT noc STREQUAL "")
        set(dnoc ${noc})
    endif()
    set(${out} ${d} KERNEL_BUILD ARCH_BLACKHOLE NOC_INDEX=${dnoc} NOC_MODE=0 PARENT_SCOPE)
endfunction()

# A compute kernel's settings as its defines (empty: the default).
function(tf_compute_settings name risc fidelity fp32 approx out)
    set(d)
    if(NOT "${fidelity}${fp32}${approx}" STREQUAL "")
        string(TOLOWER "${risc}" r)
        if(NOT r STREQUAL "compute")
            message(FATAL_ERROR "tt_foil_add_kernel(${name}): MATH_FIDELITY, FP32_DEST_ACC and "
                                "MATH_APPROX are settings of compute kernels (RISC compute)")
        endif()
    endif()
    if(NOT fidelity STREQUAL "")
        string(TOUPPER "${fidelity}" f)
        if(NOT f MATCHES "^(LOFI|HIFI2|HIFI3|HIFI4)$")
            message(FATAL_ERROR "tt_foil_add_kernel(${name}): MATH_FIDELITY must be LoFi, HiFi2, "
                                "HiFi3 or HiFi4, not '${fidelity}'")
        endif()
        list(APPEND d TF_MATH_FIDELITY=TF_FIDELITY_${f})
    endif()
    foreach(opt FP32_DEST_ACC MATH_APPROX)
        if(opt STREQUAL "FP32_DEST_ACC")
            set(v "${fp32}")
        else()
            set(v "${approx}")
        endif()
        if(NOT v STREQUAL "")
            if(v)
                list(APPEND d TF_${opt}=1)
            else()
                list(APPEND d TF_${opt}=0)
            endif()
        endif()
    endforeach()
    set(${out} ${d} PARENT_SCOPE)
endfunction()

# A Metal 2.0 kernel's TF_M2_ARGS define (device/tt-metal/tt_foil/metal2_args.hpp
# takes it; src/kbuild.c writes the same), its names checked, in out; out
# empty for a kernel not built as Metal 2.0.
function(tf_metal2_args name sources rtas crtas ctas metal2 out)
    set(${out} "" PARENT_SCOPE)
    if(NOT metal2 AND "${rtas}${crtas}" STREQUAL "")
        return()
    endif()
    set(cxx OFF)
    foreach(s ${sources})
        if(s MATCHES "\\.(cpp|cc|cxx)$")
            set(cxx ON)
        endif()
    endforeach()
    if(NOT cxx)
        message(FATAL_ERROR "tt_foil_add_kernel(${name}): RUNTIME_ARG_NAMES, "
                            "COMMON_RUNTIME_ARG_NAMES and METAL2 are for C++ (tt-metal Metal 2.0) "
                            "kernels, which read them as get_arg(args::NAME); a C kernel reads "
                            "its args by position")
    endif()
    set(def "TF_M2_ARGS=")
    set(seen)
    foreach(kind RTA CRTA CTA)
        if(kind STREQUAL "RTA")
            set(list ${rtas})
            set(what "RUNTIME_ARG_NAMES")
        elseif(kind STREQUAL "CRTA")
            set(list ${crtas})
            set(what "COMMON_RUNTIME_ARG_NAMES")
        else()
            set(list ${ctas})
            set(what "NAMED_COMPILE_ARGS")
        endif()
        list(LENGTH list n)
        if(NOT kind STREQUAL "CTA" AND n GREATER TF_MAX_NAMED_ARGS)
            message(FATAL_ERROR "tt_foil_add_kernel(${name}): ${n} ${what}, at most "
                                "${TF_MAX_NAMED_ARGS}")
        endif()
        set(i 0)
        foreach(a ${list})
            set(v)
            if(kind STREQUAL "CTA") # (name=u32, checked before)
                string(REGEX REPLACE "^[^=]*=" "" v "${a}")
                string(REGEX REPLACE "=.*" "" a "${a}")
            elseif(NOT a MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
                message(FATAL_ERROR "tt_foil_add_kernel(${name}): ${what} '${a}' is not a C "
                                    "identifier (letters, digits and '_', not starting with a digit)")
            endif()
            list(FIND TF_CXX_KEYWORDS "${a}" kw)
            list(FIND seen "${a}" again)
            if(kw GREATER -1)
                message(FATAL_ERROR "tt_foil_add_kernel(${name}): ${what} '${a}' is a C++ keyword, "
                                    "which cannot name args::${a}; rename it")
            endif()
            if(again GREATER -1)
                message(FATAL_ERROR "tt_foil_add_kernel(${name}): '${a}' is named twice among "
                                    "RUNTIME_ARG_NAMES, COMMON_RUNTIME_ARG_NAMES and "
                                    "NAMED_COMPILE_ARGS; each name once")
            endif()
            list(APPEND seen ${a})
            if(kind STREQUAL "CTA")
                string(APPEND def "TF_M2_CTA(${a},${v})")
            else()
                string(APPEND def "TF_M2_${kind}(${a},${i})")
            endif()
            math(EXPR i "${i} + 1")
        endforeach()
    endforeach()
    set(${out} "${def}" PARENT_SCOPE)
endfunction()

function(tt_foil_add_kernel name)
    set(lists SOURCES DEFINES INCLUDES COMPILE_ARGS NAMED_COMPILE_ARGS RUNTIME_ARG_NAMES
              COMMON_RUNTIME_ARG_NAMES)
    cmake_parse_arguments(A "METAL2" "RISC;PROFILER;NOC;MATH_FIDELITY;FP32_DEST_ACC;MATH_APPROX"
                          "${lists}" ${ARGN})
    tf_import_vars()
    set(prof_arg)
    if(DEFINED A_PROFILER)
        set(prof_arg PROFILER ${A_PROFILER})
    endif()
    if(NOT A_RISC)
        message(FATAL_ERROR "tt_foil_add_kernel(${name}): RISC is required "
                            "(brisc, ncrisc, trisc0, trisc1, trisc2 or compute)")
    endif()
    if(DEFINED A_NOC AND NOT A_NOC MATCHES "^[01]$")
        message(FATAL_ERROR "tt_foil_add_kernel(${name}): NOC must be 0 or 1, not '${A_NOC}'")
    endif()
    set(ctdefs)
    tf_compute_settings(${name} "${A_RISC}" "${A_MATH_FIDELITY}" "${A_FP32_DEST_ACC}"
                        "${A_MATH_APPROX}" ctdefs)
    list(LENGTH A_COMPILE_ARGS nct)
    if(nct GREATER 0)
        foreach(a ${A_COMPILE_ARGS})
            if(NOT a MATCHES "^[0-9]+$" AND NOT a MATCHES "^0[xX][0-9a-fA-F]+$")
                message(FATAL_ERROR "tt_foil_add_kernel(${name}): COMPILE_ARGS must be unsigned "
                                    "32-bit integers, not '${a}'")
            endif()
        endforeach()
        string(REPLACE ";" "," ct "${A_COMPILE_ARGS}")
        list(APPEND ctdefs KERNEL_COMPILE_TIME_ARGS=${ct})
    endif()
    list(LENGTH A_NAMED_COMPILE_ARGS nnamed)
    if(nnamed GREATER 0)
        set(map)
        foreach(a ${A_NAMED_COMPILE_ARGS})
            if(NOT a MATCHES "^([A-Za-z_][A-Za-z0-9_]*)=([0-9]+|0[xX][0-9a-fA-F]+)$")
                message(FATAL_ERROR "tt_foil_add_kernel(${name}): NAMED_COMPILE_ARGS are "
                                    "name=u32, not '${a}'")
            endif()
            string(APPEND map "{\"${CMAKE_MATCH_1}\",${CMAKE_MATCH_2}},")
        endforeach()
        list(APPEND ctdefs "KERNEL_COMPILE_TIME_ARG_MAP=${map}")
    endif()
    tf_metal2_args(${name} "${A_SOURCES}" "${A_RUNTIME_ARG_NAMES}" "${A_COMMON_RUNTIME_ARG_NAMES}"
                   "${A_NAMED_COMPILE_ARGS}" ${A_METAL2} m2def)
    if(m2def)
        list(APPEND ctdefs "${m2def}")
    endif()
    string(TOLOWER ${A_RISC} risc)
    if(risc STREQUAL "compute")
        set(variants trisc0 trisc1 trisc2)
    else()
        list(FIND TF_RISC_NAMES ${risc} idx)
        if(idx LESS 0)
            message(FATAL_ERROR "tt_foil_add_kernel(${name}): unknown RISC '${A_RISC}' "
                                "(brisc, ncrisc, trisc0, trisc1, trisc2 or compute)")
        endif()
        set(variants ${risc})
    endif()
    # warnings: tt-foil's own kernels (its tests and examples: TF_OWN_DEVICE_CODE
    # is set in its directories only) get its own set, others a user's
    # (tf_rv32.cmake)
    if(TF_OWN_DEVICE_CODE)
        set(warnings ${TF_RV32_OWN_WARNINGS})
    else()
        set(warnings ${TF_KERNEL_WARNINGS})
    endif()
    set(all)
    set(role 0)
    foreach(v ${variants})
        tf_kernel_risc_defines(${v} "${A_NOC}" rdefs)
        set(defs ${rdefs} ${ctdefs} ${A_DEFINES})
        if(risc STREQUAL "compute")
            list(APPEND defs TF_COMPUTE_ROLE=${role})
            math(EXPR role "${role} + 1")
        endif()
        set(cxxflags ${TF_KERNEL_CXX_FLAGS})
        if(v STREQUAL "brisc" OR v STREQUAL "ncrisc")
            set(cxxflags ${TF_KERNEL_DM_CXX_FLAGS})
        endif()
        tf_device_image(kernel_${name}_${v} KERNEL ${v}
            ${CMAKE_CURRENT_BINARY_DIR}/kernels/${name}.${v}.elf
            NAME ${name} SOURCES ${A_SOURCES} DEFINES ${defs} INCLUDES ${A_INCLUDES} ${prof_arg}
            CXX_INCLUDES ${TF_KERNEL_CXX_INCLUDES} CXX_FLAGS ${cxxflags} WARNINGS ${warnings})
        list(APPEND all kernel_${name}_${v})
    endforeach()
    add_custom_target(kernel_${name} DEPENDS ${all})
endfunction()

# ---- the kernel compiler's flag table ---------------------------------------
# tf_kernel_build() (src/kbuild.c) and tt_foil_cc compile kernels at run
# time with exactly the flags above (a user's warnings, TF_KERNEL_WARNINGS):
# this header is generated from the same variables at configure time, so
# the two cannot drift. Paths in it are
# relative to two roots, {tf-src} (TF_SOURCE_ROOT) and {tf-bin}
# (TF_BINARY_ROOT), which the runtime resolves when it runs (src/paths.c):
# the build tree's, or share/tt_foil beside the installed library or
# program, so an installed tree compiles kernels without the build tree.
function(tf_kb_rel out s)
    string(REPLACE "${TF_BINARY_ROOT}/" "{tf-bin}/" s "${s}")
    string(REPLACE "${TF_SOURCE_ROOT}/" "{tf-src}/" s "${s}")
    set(${out} "${s}" PARENT_SCOPE)
endfunction()
function(tf_c_string_array out name)
    set(t "static const char *const ${name}[] = {")
    foreach(a ${ARGN})
        tf_kb_rel(a "${a}")
        string(REPLACE "\\" "\\\\" a "${a}")
        string(REPLACE "\"" "\\\"" a "${a}")
        string(APPEND t "\"${a}\", ")
    endforeach()
    string(APPEND t "NULL};\n")
    set(${out} "${${out}}${t}" PARENT_SCOPE)
endfunction()

if(NOT TF_INSTALLED)
execute_process(COMMAND ${TF_RV32_CLANG} --version OUTPUT_VARIABLE _tf_cc_version
                ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
string(REGEX REPLACE "\n.*" "" _tf_cc_version "${_tf_cc_version}")
set(_kb "/* Generated by cmake/tt_foil_kernel.cmake: the flags tt_foil_add_kernel uses. */\n")
string(APPEND _kb "#define TF_KB_CLANG \"${TF_RV32_CLANG}\"\n#define TF_KB_CLANGXX \"${TF_RV32_CLANGXX}\"\n")
string(APPEND _kb "#define TF_KB_LLD \"${TF_RV32_LLD}\"\n#define TF_KB_COMPILER_VERSION \"${_tf_cc_version}\"\n")
string(APPEND _kb "#define TF_KB_SOURCE_ROOT \"${TF_SOURCE_ROOT}\"\n")
string(APPEND _kb "#define TF_KB_BINARY_ROOT \"${TF_BINARY_ROOT}\"\n")
tf_kb_rel(_p "${TF_DEVICE_DIR}/lib/build_note.c")
string(APPEND _kb "#define TF_KB_BUILD_NOTE_C \"${_p}\"\n")
tf_kb_rel(_p "${TF_DEVICE_DIR}/lib/tf_builtins.c")
string(APPEND _kb "#define TF_KB_BUILTINS_C \"${_p}\"\n")
tf_kb_rel(_p "${TF_DEVICE_LD_DIR}")
string(APPEND _kb "#define TF_KB_LD_DIR \"${_p}\"\n")
set(_tf_kb_cflags ${TF_RV32_COMMON_FLAGS} ${TF_KERNEL_WARNINGS} -march=rv32imf -mabi=ilp32f
    ${TF_DEVICE_CFLAGS})
set(_tf_kb_ldflags -Wl,--gc-sections -Wl,--no-relax)
tf_c_string_array(_kb tf_kb_cflags ${_tf_kb_cflags})
tf_c_string_array(_kb tf_kb_cxxflags ${TF_RV32_CXX_FLAGS} ${TF_KERNEL_CXX_FLAGS})
tf_c_string_array(_kb tf_kb_dm_cxxflags -include api/dataflow/dataflow_api.h)
tf_c_string_array(_kb tf_kb_cxx_includes ${TF_KERNEL_CXX_INCLUDES})
tf_c_string_array(_kb tf_kb_includes ${TF_DEVICE_INCLUDES} ${TF_DEVICE_DIR}/firmware)
tf_c_string_array(_kb tf_kb_profiler_on TT_FOIL_DEVICE_PROFILER=1
                  PROFILE_KERNEL=${TT_FOIL_PROFILE_KERNEL_BITMASK})
tf_c_string_array(_kb tf_kb_ldflags ${_tf_kb_ldflags})
# The linker's own command line, as the clang driver runs it for the link
# above (its -### output; the driver costs a process and ~20 ms a link):
# tf_kernel_build runs ld.lld directly with it, {script}, {objects} and
# {out} filled in. Empty when the driver's output is not understood (the
# runtime then links through the driver, as it does for TT_FOIL_KERNEL_CC).
set(_probe ${TF_BINARY_ROOT}/generated/tf_kb_probe.o)
file(WRITE ${_probe} "")
execute_process(COMMAND ${TF_RV32_CLANG} ${_tf_kb_cflags} --ld-path=${TF_RV32_LLD} ${_tf_kb_ldflags}
                        -Wl,-T,TF_KB_SCRIPT.ld ${_probe} -o TF_KB_OUT.elf "-###"
                ERROR_VARIABLE _tf_ld_cmd OUTPUT_QUIET RESULT_VARIABLE _rc)
set(_ld)
string(REPLACE "\n" ";" _lines "${_tf_ld_cmd}")
foreach(_line ${_lines})
    string(FIND "${_line}" " \"${TF_RV32_LLD}\" " _pos)
    if(_rc EQUAL 0 AND _pos EQUAL 0 AND NOT _line MATCHES "\\\\")
        string(REGEX MATCHALL "\"[^\"]*\"" _words "${_line}")
        foreach(w ${_words})
            string(REGEX REPLACE "^\"(.*)\"$" "\\1" w "${w}")
            if(w STREQUAL "TF_KB_SCRIPT.ld")
                set(w "{script}")
            elseif(w STREQUAL "TF_KB_OUT.elf")
                set(w "{out}")
            elseif(w STREQUAL _probe)
                set(w "{objects}")
            endif()
            list(APPEND _ld "${w}")
        endforeach()
    endif()
endforeach()
# each placeholder once, or not understood
foreach(p "{script}" "{out}" "{objects}")
    set(_n 0)
    foreach(w ${_ld})
        if(w STREQUAL p)
            math(EXPR _n "${_n} + 1")
        endif()
    endforeach()
    if(NOT _n EQUAL 1)
        set(_ld)
    endif()
endforeach()
file(REMOVE ${_probe})
tf_c_string_array(_kb tf_kb_lld_argv ${_ld})
if(TT_FOIL_DEVICE_PROFILER)
    string(APPEND _kb "#define TF_KB_PROFILER_DEFAULT 1\n")
else()
    string(APPEND _kb "#define TF_KB_PROFILER_DEFAULT 0\n")
endif()
foreach(r ${TF_RISC_NAMES})
    tf_kernel_risc_defines(${r} "" _d)
    list(FILTER _d EXCLUDE REGEX "^NOC_INDEX=")
    tf_c_string_array(_kb tf_kb_defines_${r} ${_d})
endforeach()
string(APPEND _kb "static const char *const *const tf_kb_risc_defines[5] = {tf_kb_defines_brisc, "
                  "tf_kb_defines_ncrisc, tf_kb_defines_trisc0, tf_kb_defines_trisc1, tf_kb_defines_trisc2};\n")
string(APPEND _kb "static const int tf_kb_default_noc[5] = {0, 1, 0, 0, 0};\n")
file(CONFIGURE OUTPUT ${TF_BINARY_ROOT}/generated/tf_kbuild_config.h CONTENT "${_kb}" @ONLY)
endif()
