# `cmake --install build --prefix P`: what a project using tt-foil needs
# (docs/install.md).
#
#   P/lib/libtt_foil.so                    the runtime (exports only the public API)
#   P/lib/libtt_foil_{trace,prof,common}.a the trace library, the host recorder
#   P/include/tt_foil/                     public headers, and the contracts
#                                          headers they include by bare name
#   P/bin/                                 tt_foil_profile, tt_foil_profile.py,
#                                          tt_foil_sim, tt_foil_cc
#   P/share/tt_foil/device/                kernel API headers (C and tt-metal C++),
#                                          device/lib sources, linker scripts,
#                                          firmware sources and ELFs
#   P/share/tt_foil/contracts/             the shared formats the device headers use
#   P/lib/cmake/tt_foil/                   find_package(tt_foil): imported targets,
#                                          tt_foil_add_kernel(), the profiler options
#   P/lib/pkgconfig/tt_foil.pc             the runtime for builds without CMake
#
# The installed runtime and tools find share/tt_foil relative to themselves
# (src/paths.c), so the tree works wherever it is copied.
include(CMakePackageConfigHelpers)
set(TF_INSTALL_SHAREDIR ${CMAKE_INSTALL_DATADIR}/tt_foil)
set(TF_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/tt_foil)

set_target_properties(tt_foil_shared PROPERTIES EXPORT_NAME runtime)
set_target_properties(tt_foil_trace PROPERTIES EXPORT_NAME trace)
set_target_properties(tt_foil_prof PROPERTIES EXPORT_NAME recorder)
set_target_properties(tt_foil_common PROPERTIES EXPORT_NAME common)
set_target_properties(tt_foil_profiling PROPERTIES EXPORT_NAME profiling)
set_target_properties(tt_foil_sim_tool PROPERTIES EXPORT_NAME tt_foil_sim)
install(TARGETS tt_foil_shared tt_foil_trace tt_foil_prof tt_foil_common tt_foil_profiling
                tt_foil_profile tt_foil_sim_tool tt_foil_cc
        EXPORT tt_foil-targets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/tt_foil_profile.py
        DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT tt_foil-targets NAMESPACE tt_foil:: DESTINATION ${TF_INSTALL_CMAKEDIR})

# Headers: public ones, and beside them the contracts headers they include
# by bare name ("tf_trace_records.h" is found next to the includer).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tt_foil DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/contracts/tf_trace_records.h
              ${PROJECT_SOURCE_DIR}/contracts/tf_trace_format.h
              ${PROJECT_SOURCE_DIR}/contracts/tf_perf.h ${PROJECT_SOURCE_DIR}/contracts/tf_memmap.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tt_foil)

# The device side, laid out as in the tree (share/tt_foil is both the
# source and the binary root of cmake/tt_foil_kernel.cmake).
install(DIRECTORY ${TF_DEVICE_DIR}/include ${TF_DEVICE_DIR}/tt-metal ${TF_DEVICE_DIR}/lib
                  ${TF_DEVICE_DIR}/firmware ${TF_DEVICE_DIR}/ld
        DESTINATION ${TF_INSTALL_SHAREDIR}/device)
install(DIRECTORY ${TF_CONTRACTS_DIR} DESTINATION ${TF_INSTALL_SHAREDIR})
set(_tf_fw)
foreach(r ${TF_RISC_NAMES})
    list(APPEND _tf_fw ${TF_FIRMWARE_DIR}/${r}.elf)
endforeach()
install(FILES ${_tf_fw} DESTINATION ${TF_INSTALL_SHAREDIR}/device/firmware)
install(DIRECTORY ${TF_DEVICE_LD_DIR}/ DESTINATION ${TF_INSTALL_SHAREDIR}/device/ld
        FILES_MATCHING PATTERN "*.ld")

# find_package(tt_foil)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tt_foil-config.cmake.in
    ${PROJECT_BINARY_DIR}/tt_foil-config.cmake INSTALL_DESTINATION ${TF_INSTALL_CMAKEDIR}
    PATH_VARS TF_INSTALL_SHAREDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tt_foil-config-version.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tt_foil-config.cmake
              ${PROJECT_BINARY_DIR}/tt_foil-config-version.cmake
              ${PROJECT_SOURCE_DIR}/cmake/tf_rv32.cmake ${PROJECT_SOURCE_DIR}/cmake/tt_foil_kernel.cmake
              ${PROJECT_SOURCE_DIR}/cmake/tf_rv32_cxx.sh
        DESTINATION ${TF_INSTALL_CMAKEDIR})

# tt_foil.pc, relative to its own folder (${pcfiledir}): the prefix given
# to `cmake --install --prefix` is only known at install time.
file(RELATIVE_PATH TF_PC_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
string(REGEX REPLACE "/$" "" TF_PC_PREFIX "${TF_PC_PREFIX}")
if(TT_FOIL_ENABLE_TRACY)
    set(TF_PC_CFLAGS " -DTT_FOIL_ENABLE_TRACY=1")
else()
    set(TF_PC_CFLAGS "")
endif()
# Made in a folder that says it is the install's (as build/tt_foil.pc a
# user pointed PKG_CONFIG_PATH at it, and its prefix, relative to the
# install's lib/pkgconfig, named a folder above the build tree).
configure_file(${PROJECT_SOURCE_DIR}/cmake/tt_foil.pc.in
               ${PROJECT_BINARY_DIR}/for_install_only/tt_foil.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/for_install_only/tt_foil.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
