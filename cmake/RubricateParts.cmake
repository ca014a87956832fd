# The parts of core/ and the parts each one may include: THE one table of the layering.
# core/CMakeLists.txt makes one static library per part from it and links each library to
# exactly its parts; tests/arch checks every #include of core/ against it (it reads the
# copy written to ${CMAKE_BINARY_DIR}/rubricate-parts.json below). A part may use what its
# parts use in turn (the links are PUBLIC), nothing else. Order: a part after its parts.
set(RUBRICATE_PARTS
    domain text net store evidence scoring agreement alignment judge ingest sources runs exchange
    readers demo)

set(RUBRICATE_PART_domain_DEPENDS "")
set(RUBRICATE_PART_text_DEPENDS domain)
set(RUBRICATE_PART_net_DEPENDS "")
set(RUBRICATE_PART_store_DEPENDS domain)
set(RUBRICATE_PART_evidence_DEPENDS text)
set(RUBRICATE_PART_scoring_DEPENDS domain text)
set(RUBRICATE_PART_agreement_DEPENDS domain)
set(RUBRICATE_PART_alignment_DEPENDS domain agreement)
set(RUBRICATE_PART_judge_DEPENDS domain text)
set(RUBRICATE_PART_ingest_DEPENDS domain text store evidence)
set(RUBRICATE_PART_sources_DEPENDS domain net store ingest)
set(RUBRICATE_PART_runs_DEPENDS domain net store evidence scoring judge ingest sources)
set(RUBRICATE_PART_exchange_DEPENDS domain text scoring alignment)
set(RUBRICATE_PART_readers_DEPENDS domain text store ingest judge scoring sources exchange)
set(RUBRICATE_PART_demo_DEPENDS ingest sources readers)

# What no part may include, whatever its links (docs/architecture.md, "never"): the parts a
# rule applies to ("*": all of core), a regular expression over the included name, and why.
set(RUBRICATE_PART_NEVER
    "* => ^ui/ => core never includes ui/: widgets and the window live there"
    "* => ^Qt(Widgets|Charts|PdfWidgets)\\b => core never links widgets"
    "* => ^Q(Widget|Dialog|MainWindow|AbstractButton|LineEdit|Chart)\\b => core never links widgets"
    "scoring agreement => ^store/ => scoring and agreement compute over values, never the store"
    "scoring agreement => ^(QtNetwork|QNetwork|QSsl|QHttp|QTcp) => scoring and agreement never touch the network"
    "scoring agreement => ^(QtSql|QSql) => scoring and agreement never touch the database"
    "scoring agreement => ^(QObject|QTimer|QThread)$ => scoring and agreement are pure functions: no QObject")

function(rubricate_write_parts_table path)
    set(_parts "")
    foreach(_p IN LISTS RUBRICATE_PARTS)
        set(_deps "")
        foreach(_d IN LISTS RUBRICATE_PART_${_p}_DEPENDS)
            string(APPEND _deps "\"${_d}\", ")
        endforeach()
        string(REGEX REPLACE ", $" "" _deps "${_deps}")
        string(APPEND _parts "    \"${_p}\": [${_deps}],\n")
    endforeach()
    string(REGEX REPLACE ",\n$" "\n" _parts "${_parts}")
    set(_never "")
    foreach(_rule IN LISTS RUBRICATE_PART_NEVER)
        string(REPLACE "\\" "\\\\" _rule "${_rule}")
        string(REPLACE "\"" "\\\"" _rule "${_rule}")
        string(APPEND _never "    \"${_rule}\",\n")
    endforeach()
    string(REGEX REPLACE ",\n$" "\n" _never "${_never}")
    file(CONFIGURE OUTPUT ${path} CONTENT "{\n\"parts\": {\n${_parts}},\n\"never\": [\n${_never}]\n}\n" @ONLY)
endfunction()
