#!/bin/sh
# Writes the bash completion for rubricate-cli from its own --help, so that a command, a
# subcommand, an import kind or an option added to the help is completed without anyone
# remembering this file.
#
#   sh make-bash-completion.sh path/to/rubricate-cli OUTPUT
#
# Read from the help: the commands and their literal subcommands ("list tasks|models|...",
# "project copy") from the lines of "Commands:" that start with two spaces; the import kinds
# from "Import kinds:"; every --option anywhere, and which of them take a value: an option
# followed by a placeholder ("--benchmark KEY", "--tasks 1-5") or by choices ("--collapse
# none|binary", "--models A,B"), not by prose ("with --text the extracted text").
set -eu
export LC_ALL=C # the same sort order everywhere

cli=$1
output=$2
parsed=$output.parsed

"$cli" --help | awk '
function add(list, word) { return index(" " list " ", " " word " ") ? list : list " " word }
/^[A-Z][a-z ]*:$/ { section = $0; next }
section == "Commands:" && /^  [a-z]/ {
    commands = add(commands, $1)
    sub_word = $2
    gsub(/^\[|\]$/, "", sub_word)
    if (sub_word ~ /^[a-z][a-z|-]*$/ && sub_word != "options") {
        n = split(sub_word, parts, "|")
        for (i = 1; i <= n; i++) subs[$1] = add(subs[$1], parts[i])
    }
}
section == "Import kinds:" && /^    [a-z]/ { subs["import"] = add(subs["import"], $1) }
{
    line = $0
    while (match(line, /--[a-z][a-z0-9-]*( [^ ]+)?/)) {
        found = substr(line, RSTART, RLENGTH)
        line = substr(line, RSTART + RLENGTH)
        option = found
        sub(/ .*/, "", option)
        options = add(options, option)
        value = substr(found, length(option) + 2)
        if (value ~ /^[A-Z0-9]/ || value ~ /^[a-z]+[|,=:]/) valued = add(valued, option)
    }
}
END {
    options = add(add(options, "--help"), "--version")
    gsub(/^ /, "", commands); gsub(/^ /, "", options); gsub(/^ /, "", valued)
    printf "COMMANDS %s\n", commands
    printf "OPTIONS %s\n", options
    gsub(/ /, "|", valued)
    printf "VALUED %s\n", valued
    for (c in subs) {
        gsub(/^ /, "", subs[c])
        printf "SUB %s) words=\"%s\" ;;\n", c, subs[c]
    }
}' > "$parsed"

commands=$(sed -n 's/^COMMANDS //p' "$parsed")
options=$(sed -n 's/^OPTIONS //p' "$parsed")
valued=$(sed -n 's/^VALUED //p' "$parsed")
subcommands=$(sed -n 's/^SUB /        /p' "$parsed" | sort)
rm "$parsed"

cat > "$output" <<EOF
# bash completion for rubricate-cli, generated from \`rubricate-cli --help\` by
# packaging/make-bash-completion.sh; do not edit.
_rubricate_cli()
{
    local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    if [[ \$cur == -* ]]; then
        COMPREPLY=(\$(compgen -W "$options" -- "\$cur"))
        return
    fi
    # An option's value: nothing to offer (the default completion offers file names).
    case \$prev in
        $valued) return ;;
    esac
    # The command is the first word that is neither an option nor an option's value.
    local i command="" command_index=0
    for ((i = 1; i < COMP_CWORD; i++)); do
        case \${COMP_WORDS[i]} in
            $valued) i=\$((i + 1)) ;;
            -*) ;;
            *) command=\${COMP_WORDS[i]} command_index=\$i; break ;;
        esac
    done
    if [[ -z \$command ]]; then
        COMPREPLY=(\$(compgen -W "$commands" -- "\$cur"))
        return
    fi
    ((COMP_CWORD == command_index + 1)) || return
    local words=""
    case \$command in
$subcommands
    esac
    COMPREPLY=(\$(compgen -W "\$words" -- "\$cur"))
}
complete -o bashdefault -o default -F _rubricate_cli rubricate-cli
EOF
