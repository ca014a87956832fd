# rubricate_add_test(NAME <name> SOURCES <files...> LINK <targets...> [TIMEOUT <s>] [POSTGRES]
#                    [BOTH_ENGINES])
# One executable per unit, registered with CTest, always headless, with tests/common on its
# include path. POSTGRES: the test needs
# the throwaway PostgreSQL server (tests/pg/pgserver.sh), whose socket directory it finds in
# RUBRICATE_TEST_PG_SOCKET. BOTH_ENGINES: the test also runs as <name>_postgresql, where its
# ScratchProject (tests/common/scratchproject.h) is a database on that server.
function(rubricate_add_test)
    cmake_parse_arguments(ARG "POSTGRES;BOTH_ENGINES" "NAME;TIMEOUT" "SOURCES;LINK" ${ARGN})
    # Well above BackgroundWorkTimeout (tests/common/waits.h): a wait that runs out reports
    # which check it was before CTest kills the program.
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 300)
    endif()
    qt_add_executable(${ARG_NAME} ${ARG_SOURCES})
    target_link_libraries(${ARG_NAME} PRIVATE rubricate_options Qt6::Test ${ARG_LINK})
    target_include_directories(${ARG_NAME} PRIVATE ${PROJECT_SOURCE_DIR}/tests/common)
    target_compile_definitions(${ARG_NAME} PRIVATE
        RUBRICATE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        RUBRICATE_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
    add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
    set(_environment "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.qpa.*=false")
    if(ARG_POSTGRES)
        list(APPEND _environment "RUBRICATE_TEST_PG_SOCKET=${RUBRICATE_TEST_PG_DIR}")
        set_tests_properties(${ARG_NAME} PROPERTIES FIXTURES_REQUIRED postgres)
    endif()
    set_tests_properties(${ARG_NAME} PROPERTIES
        TIMEOUT ${ARG_TIMEOUT}
        ENVIRONMENT "${_environment}")
    if(ARG_BOTH_ENGINES)
        add_test(NAME ${ARG_NAME}_postgresql COMMAND ${ARG_NAME})
        set_tests_properties(${ARG_NAME}_postgresql PROPERTIES
            TIMEOUT ${ARG_TIMEOUT}
            FIXTURES_REQUIRED postgres
            ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.qpa.*=false;RUBRICATE_TEST_ENGINE=postgresql;RUBRICATE_TEST_PG_SOCKET=${RUBRICATE_TEST_PG_DIR}")
    endif()
endfunction()

# The throwaway PostgreSQL server: started before the first test that needs it, stopped after
# the last. Its directory is outside the build tree because the server may run as `nobody`,
# who cannot enter a root-owned checkout; the hash keeps two build trees apart.
function(rubricate_add_postgres_fixture)
    set(_script ${PROJECT_SOURCE_DIR}/tests/pg/pgserver.sh)
    add_test(NAME postgres_start COMMAND sh ${_script} start ${RUBRICATE_TEST_PG_DIR})
    set_tests_properties(postgres_start PROPERTIES FIXTURES_SETUP postgres TIMEOUT 120)
    add_test(NAME postgres_stop COMMAND sh ${_script} stop ${RUBRICATE_TEST_PG_DIR})
    set_tests_properties(postgres_stop PROPERTIES FIXTURES_CLEANUP postgres TIMEOUT 120)
endfunction()

string(MD5 _rubricate_build_hash "${CMAKE_BINARY_DIR}")
string(SUBSTRING "${_rubricate_build_hash}" 0 12 _rubricate_build_hash)
set(RUBRICATE_TEST_PG_DIR "/tmp/rubricate-pg-${_rubricate_build_hash}")
