# Building code for the chip: firmware for each RISC role and user kernels.
#
#   tt_foil_add_kernel(<name> RISC <brisc|ncrisc|trisc0|trisc1|trisc2|compute>
#                      SOURCES <files...> [DEFINES <d...>] [INCLUDES <dirs...>]
#                      [PROFILER ON|OFF])
#
# builds ${CMAKE_CURRENT_BINARY_DIR}/kernels/<name>.<risc>.elf (for RISC
# compute: the three TRISC variants <name>.trisc0/1/2.elf, the same source
# compiled as unpack, math and pack) linked into that RISC's kernel region,
# with a build note the runtime checks. Targets are kernel_<name>_<risc>;
# the target kernel_<name> builds all variants. PROFILER overrides the
# build's TT_FOIL_DEVICE_PROFILER for this kernel (tests of the mismatch check). Changing a relevant option
# (TT_FOIL_DEVICE_PROFILER, TT_FOIL_PROFILE_KERNEL_BITMASK) rebuilds exactly
# the kernels and firmware whose flags changed.

set(TF_DEVICE_DIR ${CMAKE_SOURCE_DIR}/device)
set(TF_CONTRACTS_DIR ${CMAKE_SOURCE_DIR}/contracts)
set(TF_DEVICE_INCLUDES ${TF_DEVICE_DIR}/include ${TF_CONTRACTS_DIR})
set(TF_DEVICE_LD_DIR ${CMAKE_BINARY_DIR}/device/ld)
set(TF_FIRMWARE_DIR ${CMAKE_BINARY_DIR}/device/firmware)
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
set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
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

set(TF_DEVICE_CFLAGS -ffunction-sections -fdata-sections)

# One image (firmware or kernel) for one RISC.
function(tf_device_image target kind risc_name out)
    cmake_parse_arguments(A "" "NAME;PROFILER" "SOURCES;DEFINES;INCLUDES;DEPENDS" ${ARGN})
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
    tf_rv32_program(${target}
        SOURCES ${A_SOURCES} ${TF_DEVICE_DIR}/lib/build_note.c ${TF_DEVICE_DIR}/lib/tf_builtins.c
        DEFINES TF_RISC=${idx} TF_BUILD_KIND=${k} TF_BUILD_NAME="${A_NAME}"
                ${prof} ${A_DEFINES}
        INCLUDES ${A_INCLUDES} ${TF_DEVICE_INCLUDES} ${TF_DEVICE_DIR}/firmware
        CFLAGS ${TF_DEVICE_CFLAGS}
        LDFLAGS -Wl,--gc-sections
        LINKER_SCRIPT ${TF_DEVICE_LD_DIR}/${lkind}_${risc_name}.ld
        DEPENDS ${A_DEPENDS}
        OUTPUT ${out})
endfunction()

function(tt_foil_add_kernel name)
    cmake_parse_arguments(A "" "RISC;PROFILER" "SOURCES;DEFINES;INCLUDES" ${ARGN})
    set(prof_arg)
    if(DEFINED A_PROFILER)
        set(prof_arg PROFILER ${A_PROFILER})
    endif()
    if(NOT A_RISC)
        message(FATAL_ERROR "tt_foil_add_kernel(${name}): RISC is required "
                            "(brisc, ncrisc, trisc0, trisc1, trisc2 or compute)")
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
    set(all)
    set(role 0)
    foreach(v ${variants})
        set(defs ${A_DEFINES})
        if(risc STREQUAL "compute")
            list(APPEND defs TF_COMPUTE_ROLE=${role})
            math(EXPR role "${role} + 1")
        endif()
        tf_device_image(kernel_${name}_${v} KERNEL ${v}
            ${CMAKE_CURRENT_BINARY_DIR}/kernels/${name}.${v}.elf
            NAME ${name} SOURCES ${A_SOURCES} DEFINES ${defs} INCLUDES ${A_INCLUDES} ${prof_arg})
        list(APPEND all kernel_${name}_${v})
    endforeach()
    add_custom_target(kernel_${name} DEPENDS ${all})
endfunction()
