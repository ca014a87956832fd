#include "clihelp.h"

#include "ingest/importer.h"

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

QString helpText()
{
    QString kinds;
    for (const ImportKindInfo &k : importKinds())
        kinds += u"    %1 %2  %3\n"_s.arg(k.key, -24).arg(k.expects, -7).arg(k.description);
    return uR"(Usage: rubricate-cli [--project FILE|URL] <command> [arguments] [options]

Rubricate keeps everything about a benchmark in one project: tasks, rubrics,
personas, the agents' reports, judge runs and human annotations. A project is a
file (*.rubricate), or a team project in a PostgreSQL database that many people
and machines use at once: postgresql://user@host:port/database?sslmode=require
(the password comes from ~/.pgpass, PGPASSWORD or a service file, never the URL).

The project is --project FILE|URL, else $RUBRICATE_PROJECT, else
./project.rubricate. `import` and `demo` create a file project when it does not
exist yet; a team project is made with `init URL` in a database that exists.

Commands:
  init [FILE|URL]              Create an empty project (in an empty, existing database
                               for a URL).
  project copy SOURCE DEST     Copy a whole project between a file and a server, either
                               way, or file to file: DEST must be new (or an empty
                               database); ids are kept; every table's row count and
                               SHA-256 are compared on both sides. Progress on stderr.
  project check A [B]          Each table's row count and SHA-256; with B, whether the
                               two projects hold the same rows.
  team add-annotator NAME [--annotator ID]
  team add-owner NAME          In a team project: a login role that reads everything and
                               adds labels as the annotator ID (default NAME), nothing
                               else (the database refuses it other annotators' or gold
                               labels, changing events, runs or verdicts); or an owner,
                               who also imports, judges, adjudicates and manages studies,
                               as a member of the project's own owner group (nothing
                               beyond the project). Needs CREATEROLE; the password is set
                               on the server, never here.
  import <kind> <path>         Import a benchmark file or folder (or a .zip/.tar.gz of it).
                               Options: --model NAME (report imports), --run-name NAME
                               (result imports), --gt DIR (ReportBench ground truth),
                               --strict (exit 3 when any input was skipped).
                               Re-importing the same files changes nothing.
  list tasks|models|reports|runs [--benchmark KEY]
                               One line per item.
  show task <id>|<benchmark>:<external id>
                               A task with its rubrics (e.g. `show task drb2:116`).
  show report <id> [--text] [--runs IDS]
                               A report's metadata and warnings; with --runs the judge's
                               verdicts and whether each quoted evidence was found in the
                               report; with --text the extracted text.
  stats                        Counts per benchmark, dimension, language, theme and model.
  search <words...> [--limit N]
                               Full-text search over report text.
  demo                         Import the bundled demo (original tasks in English and
                               Chinese, two made-up agents, a finished judge run).
  judge [options]              Judge reports: plans a run (one job per request), sends it
                               with progress on stderr, writes verdicts as answers arrive.
                               --provider offline (default: a lexical baseline, no network)
                               or openai | gemini | anthropic with --model, --base-url and
                               --api-key-env VAR (the key comes from that environment
                               variable, else from the system keyring; never from a file).
                               Scope: --benchmark drb2 (default: the project's one
                               benchmark, or drb2) --tasks 1-5 --models A,B
                               [--only-unjudged]. Pace: --concurrency 10 --batch-size 50
                               --rpm N --tpm N --max-attempts 6 --timeout S. Cost:
                               --price-in/--price-out USD per million tokens;
                               --cache-read-share/--cache-write-share X price the tokens
                               of the provider's prompt cache (each report's later
                               batches read it from the cache). --batch sends the run as
                               provider batch jobs, several when it is over the
                               provider's limits (--batch-share 0.5 of the price,
                               answers within 24 h; `resume` picks them up again).
  keys set|delete|check <NAME> Keep an API key in the system keyring (the key is read
                               from standard input), e.g. `keys set OPENAI_API_KEY`. A key
                               in the environment is used first.
  runs                         Runs with progress, errors, tokens (and those of the
                               provider's prompt cache), cost and the share of evidence
                               quotes not found in the report.
  resume <run>                 Continue a run that was stopped or killed; answers already
                               received are read from the response cache, not paid again.
  rerun-failed <run>           Queue the run's failed items again and run them.
  worker [--run ID] [--concurrency K] [--lease S]
                               One more worker on a run (default: the newest with jobs
                               left): any number of workers on any machines that reach
                               the project drain one run together. Each leases a few jobs
                               at a time and renews its leases; a worker that is killed
                               loses only its leases, which run out after S seconds (60)
                               and go to the others. `judge`, `resume` and the window's
                               Resume join a run in the same way.
  export drb2 <folder> [--runs IDS] [--error-policy exclude|reference]
                               result.jsonl and the five agg_scores_*.csv exactly as the
                               DRB-II pipeline writes them (byte-compatible), from the runs
                               given (repeated runs are averaged like the reference does).
  agreement [options]          How far a judge run agrees with the annotators: percent
                               agreement, Cohen's kappa, Macro-F1 and Krippendorff's alpha
                               with bootstrap intervals, against the human majority (ties
                               left out) or --against human:NAME, each annotator and the
                               annotators among themselves, then a breakdown. Options:
                               --benchmark KEY (needed when several are rated),
                               --judge run:ID (default the newest), --collapse none|binary,
                               --level nominal|ordinal|interval|ratio, --breakdown
                               dimension|task|model|persona|language|theme, --filter
                               attribute=value (repeatable), --draws N (1000; 0: none),
                               --seed N, --clusters (resample tasks), --f1
                               default|researchrubrics, --out DIR (CSV, JSON, Markdown,
                               LaTeX, the label table and a manifest instead of the table).
                               Before any judge run, or with --annotators-only, the
                               annotators are compared among themselves alone (pairwise
                               kappa, Fleiss' kappa, alpha, each one's label counts).
  sample --benchmark KEY --size N | --half-width W [--expected P]
         --annotators A,B,C [--by dimension,model] [--overlap N] [--seed S] [--name NAME]
                               Draw a stratified random sample of rubric items (strata by
                               dimension, task, model, persona, language or theme;
                               proportional, at least one per stratum), sized directly or
                               for a ±W interval of percent agreement, and assign each item
                               to N annotators with balanced loads. The seed is stored.
                               --blind and --compare-run ID save it as a study: blind keeps
                               the judge hidden from each annotator until they have labelled.
  sample --list                The project's samples with items per annotator.
  study status [--study NAME]  Every study's settings and each annotator's progress.
  study plan --study NAME --width W [--benchmark KEY] [--judge run:ID] [--against ...]
        [--by model|dimension]
                               Per model, the PPI++ interval's half-width now and how many
                               more labelled items would bring it to +/-W (predicted from
                               the labels so far), or "not reachable" with the reason.
                               --benchmark: drb2, researchrubrics, pdr or reportbench
                               (default: the benchmark of the study's judge run).
  study extend --study NAME --width W | --items N [--benchmark KEY] [--judge run:ID]
        [--against ...]
                               Add items to the study's sample: per model as many as `study
                               plan` gives for +/-W (none where not reachable), or N shared
                               among the models in proportion. Drawn from the items the
                               judge rated and the study has not sampled, with the study's
                               seed; assigned to its annotators with its overlap. Every
                               item, label and assignment it has stays.
  annotations export [--benchmark KEY] [--format jsonl|csv] [--current] [-o FILE]
                               Every annotation event (--current: each annotator's current
                               label and the current gold labels) with its uid, kind,
                               provenance, annotator id and name, the item's natural keys
                               and the rubric text.
  annotations import FILE      The same as `import annotations FILE`: an exported JSONL or
                               CSV keeps uids and provenance; events already here are
                               skipped, items not in the project named and skipped, and
                               labels older than the current one there skipped with a
                               warning (they would replace it).
  merge OTHER.rubricate        Take the annotators, studies and annotation events that the
                               other copy has and this one lacks (items matched by natural
                               keys), in one transaction, with the items the other copy
                               added to a study both have; labels older than the current
                               one here are left out; merging twice changes nothing.
                               OTHER is never written.
  labels [waiting|write|set-aside|write-set-aside] [-p PROJECT]
                               The labels given in the window that wait on this machine
                               for their project (its server out of reach, its file
                               locked): `waiting` (default) lists them by project; `write`
                               writes them now, in the order given (exit code 1 unless all
                               arrived: some still wait, or the project refused some, which
                               go to its set-aside file); `set-aside -p PROJECT` moves that
                               project's there, for labels given up on. Without -p, every
                               project with labels waiting. `write-set-aside -p PROJECT`
                               writes the set-aside labels after all, except one whose item
                               its annotator labelled again since (it would replace the
                               newer label), or that the project still refuses: those stay
                               aside, named (exit code 1).
  claims extract [--benchmark KEY] [--tasks IDS] [--models A,B] [--force]
        [--method heuristic|judge] [--attempts K] [judge options]
                               Store the statements of reports as claims: cited ones (one
                               per statement–URL pair) for --scheme reportbench-cited,
                               uncited ones for reportbench-factcheck. Default: ReportBench
                               and PDR-Bench reports without claims; --force extracts again
                               (refused when people labelled a claim). --method heuristic
                               (default) reads them with offline rules; --method judge as
                               the references do: a judge lists them per block of at most
                               16,384 characters (ReportBench: cited statements, then the
                               uncited ones; PDR-Bench: every claim with its source). A
                               report is written once all its calls succeeded; reports a
                               judge extracted before are skipped unless --force. Each
                               claim records its origin ("heuristic" or
                               "judge:PROVIDER:MODEL").
  claims list [--benchmark KEY]
                               Claims per report and per model.
  score reportbench [--model NAME] [--out FILE] [--no-citations undefined|drop|zero]
        [--match titles|ids] [--titles text|pages|judge] [--page-judge NAME] [--runs IDS]
        [--statements-out FILE]
                               Citation precision and recall against the ground truth
                               (micro and macro) and references per report, from the
                               titles in the reports' reference lists (--titles text),
                               from the fetched cited pages that read as papers (pages;
                               run sources fetch first), or from the pages a judge
                               classified as papers (judge: the reference's method; run
                               reportbench classify-pages first); --out writes a CSV row
                               per report, naming the method. With
                               claims: citation match rate (sources that could not be
                               fetched left out and counted) and non-cited accuracy
                               (majority over the fact-check runs, ties reported), from the
                               claim runs given by --runs (default: all); each run is one
                               judge vote. --statements-out writes metrics.csv rows.
  reportbench classify-pages [--model NAME] [--force] [--attempts K] [judge options]
                               A judge decides for every fetched page the ReportBench
                               reports cite whether it is a scholarly paper and reads its
                               title (the URL and 8,000 characters of the page, as the
                               reference). Each decision is written as it arrives; pages
                               the judge classified before are skipped (--force asks
                               again). An unreadable answer is asked again and, after K
                               attempts (3), leaves the page unclassified, never "not a
                               paper". The offline provider decides from the page's
                               citation metadata instead.
  score researchrubrics [--run ID] [--by axis|domain|complexity] [--out FILE.csv|.jsonl]
        [--error-policy exclude|reference] [--collapse none|binary]
                               Weighted compliance (pitfalls subtract) per model and group,
                               judge errors left out and counted (reference: as 0). --out
                               .csv: per report (with --by: the groups); .jsonl: the
                               reference's per-criterion result lines.
  score drb2|researchrubrics|pdr|reportbench --corrected --study NAME [--judge run:ID]
        [--against majority|gold|human:NAME] [--by model|dimension] [--out FILE.csv|.json]
        [--latex FILE.tex] [--bootstrap [--draws N] [--seed S]]
                               Judge-corrected scores per model (PPI++, Angelopoulos et
                               al.) on the benchmark's scale: DRB-II share of items met,
                               ResearchRubrics mean weighted compliance, PDR-Bench mean
                               criterion score (0-10), ReportBench share of claims
                               supported. The judge's own score, the corrected one and the
                               people-only one with 95 % intervals, n labelled, N judged
                               and the effective sample size, per model (or model and
                               dimension), and the pairwise differences. The judge run
                               defaults to the one the study compares with. --out writes
                               CSV (the pairwise table as FILE-pairwise.csv) or JSON,
                               --latex a booktabs table; --bootstrap adds a percentile
                               interval (1000 draws, the seed printed).
  score pdr [--run ID] [--out DIR] [--weights reference|normalized] [--unmatched
        reference|reask] [--missing exclude|reference] [--unavailable
        exclude|not-supported] [--no-claims none|zero] [--reliability mean|fa]
        [--claim-runs IDS]     PDR-Bench P, Q, R and overall (0-10) per model, persona and
                               setting, and per-dimension means, from a pdrbench judge run
                               (default: the newest finished one); judge errors left out
                               and counted. R from the reports' claims, per report from the
                               newest finished support run (reportbench-cited) that judged
                               it (--claim-runs: the runs given, pooled as votes); a report
                               whose support no run has judged has no R, and "R n" says how
                               many reports R averages. Overall = (P + Q + R) / 3 with R the
                               mean over those n reports, (P + Q) / 2 when n is 0. --weights
                               reference (default) sums W x dimension average as the
                               reference does, normalized divides by the sum of W;
                               --unmatched reference (default) counts an item naming no
                               asked criterion at its dimension's mean weight, as the
                               reference, reask drops it and counts the re-asked answer.
                               --out DIR writes the reference's layout (personalization/,
                               quality/, reliability/ with R, FA and CC per report,
                               overall/<MODEL>/...).
  pdr criteria [--queries IDS] [--samples N] [--attempts K] [--force] [judge options]
                               Generate PDR-Bench criteria with a judge for queries without
                               any (--force: replace them): dimension weights sampled N
                               times (5) and averaged, then weighted sub-criteria per
                               dimension; K attempts per call (3). A query is written in one
                               transaction once all its calls succeeded. The offline
                               provider answers with the simulated judge.
  sources fetch [URL...|--file F] [--benchmark KEY] [--refresh] [--concurrency N]
          [--per-host N] [--timeout S] [--max-bytes N]
                               Fetch cited sources into the project (http/https only):
                               the URLs given, else every URL the stored claims cite.
  sources list                 The project's sources and why any is missing.
  sources import DIR           Sources saved in DIR, listed in DIR/sources.jsonl.
  bench [import|judge|evidence|workers|ppi] [--data DIR]
                               Benchmarks (figures, never pass/fail): import times on the
                               shared data, and 2,640 generated DRB-II reports (time, peak
                               memory, project size, bytes per report, searches in a new
                               process); judging all DRB-II tasks against the simulated
                               judge (--latency 0,500); locating evidence in long reports;
                               judge throughput with 1, 2 and 4 `worker` processes on one
                               run and annotation events per second from 3 writers (on a
                               temporary file, or --project URL for a team project);
                               coverage of judge-corrected (PPI) intervals on simulated
                               judges with known biases.

Import kinds:
%1
Exit codes:
  0  success; an import that skipped some input but imported the rest is a success too
     (each problem is listed as file:line)
  1  the command failed (missing file, unreadable project, database error, an import
     that could import nothing)
  2  wrong command line
  3  with --strict: the import finished but skipped some input
  130  Ctrl-C or TERM stopped a judge run; its pending jobs wait for `resume`

Examples:
  rubricate-cli import drb2 ../shared/data/drb2/tasks_and_rubrics.jsonl
  rubricate-cli import drb2-reports ../shared/data/drb2/samples/report
  rubricate-cli stats
  rubricate-cli search "land finance"
)"_s.arg(kinds);
}

} // namespace Rubricate::Cli
