# A Debian package of the installation (`cpack -G DEB` in the build tree,
# or `ninja -C build package`): the driver, plugin, pass, runtimes,
# headers, CMake package, cilk.pc and man page under /usr, depending on
# Debian's clang 19 (the compiler the plugin loads into, and libclang-cpp
# and libLLVM it links) and its compiler-rt (the sanitizers' runtimes).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME cilk-clang)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "Cilk for Clang")
set(CPACK_PACKAGE_CONTACT "Cilk for Clang <cilk-clang@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Cilk for clang 19: a frontend plugin, an LLVM pass and a work-stealing runtime")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "clang-19, libclang-cpp19, llvm-19, libclang-rt-19-dev")
set(CPACK_STRIP_FILES OFF)
include(CPack)
