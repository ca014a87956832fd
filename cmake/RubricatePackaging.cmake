# Desktop integration files and the Debian package (cd build && cpack -G DEB). The man pages
# and the shell completion are made and installed by packaging/CMakeLists.txt.
include(GNUInstallDirs)

install(FILES ${PROJECT_SOURCE_DIR}/packaging/rubricate.desktop
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
# What software centres show; its <launchable> names the desktop file above.
install(FILES ${PROJECT_SOURCE_DIR}/packaging/io.github.rubricate.Rubricate.metainfo.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/rubricate.svg
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
# Rendered from the SVG, for desktops and toolkits that do not read SVG icons.
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/rubricate.png
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/256x256/apps)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/rubricate-mime.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
    RENAME rubricate.xml)

# The user guide (also built into the window, Help → User Guide), the scoring choices and
# the screenshots the guide names.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/guide
    DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md")
install(FILES ${PROJECT_SOURCE_DIR}/docs/scoring-choices.md
    ${PROJECT_SOURCE_DIR}/docs/scoring-choices.zh_CN.md ${PROJECT_SOURCE_DIR}/README.md
    DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/screenshots
    DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.png")

set(CPACK_PACKAGE_NAME rubricate)
set(CPACK_PACKAGE_VENDOR "Rubricate")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_PACKAGE_CONTACT "Rubricate developers <maintainers@rubricate.invalid>")
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # rubricate_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
# The synopsis line is CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack indents these lines and
# turns the empty one into the " ." paragraph separator.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"Rubricate imports deep-research benchmarks (DeepResearch Bench II,
ResearchRubrics, PDR-Bench, ReportBench) with their rubrics and the reports
agents wrote, judges the reports with LLM or offline judges, lets people
annotate rubric verdicts, and measures how far judges and people agree.

This package holds the desktop workbench (rubricate) and the command-line
tool (rubricate-cli).")

# The SQLite driver is a plugin Qt loads at run time, so dpkg-shlibdeps cannot see it;
# everything the binaries link is found by dpkg-shlibdeps where it is available.
find_program(RUBRICATE_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(RUBRICATE_DPKG_SHLIBDEPS)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite")
else()
    set(CPACK_DEBIAN_PACKAGE_DEPENDS
        "libqt6widgets6, libqt6sql6-sqlite, libqt6pdf6, libqt6network6, libqt6concurrent6, libarchive13, libxml2, zlib1g, libb2-1")
endif()

include(CPack)
