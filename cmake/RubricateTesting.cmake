# rubricate_add_test(NAME <name> SOURCES <files...> LINK <targets...> [TIMEOUT <s>])
# One executable per unit, registered with CTest, always headless.
function(rubricate_add_test)
    cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SOURCES;LINK" ${ARGN})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    qt_add_executable(${ARG_NAME} ${ARG_SOURCES})
    target_link_libraries(${ARG_NAME} PRIVATE rubricate_options Qt6::Test ${ARG_LINK})
    target_compile_definitions(${ARG_NAME} PRIVATE
        RUBRICATE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        RUBRICATE_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
    add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
    set_tests_properties(${ARG_NAME} PROPERTIES
        TIMEOUT ${ARG_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.qpa.*=false")
endfunction()
