# bash completion for collapse(1): options, their values, and files.
# Installed as share/bash-completion/completions/collapse; or source it from ~/.bashrc.

_collapse() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev="" prefix=""
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # With '=' in COMP_WORDBREAKS (the default), --color=al arrives as '--color' '=' 'al'.
  if [[ $cur == "=" && $prev == --* ]]; then
    cur=""
  elif [[ $prev == "=" ]] && ((COMP_CWORD > 1)); then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  elif [[ $cur == --*=* ]]; then
    prev=${cur%%=*}
    prefix=$prev=
    cur=${cur#*=}
  fi

  local values
  case $prev in
    -f | --from) values="markdown gfm commonmark json yaml junit xunit nunit trx xml" ;;
    -t | --to) values="text html markdown gfm json" ;;
    -o | --output)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur"))
      return
      ;;
    --color | --lazy | --render | --hyperlinks) values="auto always never" ;;
    -e | --expand | -c | --collapse | --only | -d | --depth | -w | --width | --title-key | --max-bytes | --toc-depth \
      | --title | --expand-matching | --collapse-matching | --expand-where | --collapse-where \
      | --source-url)
      # Free values: names, numbers, keys.
      COMPREPLY=()
      return
      ;;
  esac
  if [[ -n ${values-} ]]; then
    local value
    COMPREPLY=()
    for value in $(compgen -W "$values" -- "$cur"); do COMPREPLY+=("$prefix$value"); done
    return
  fi

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W '
      -f --from --title-key
      -e --expand -c --collapse --expand-matching --collapse-matching --expand-where
      --collapse-where --only
      --collapse-all --expand-all -d --depth
      -t --to -o --output -i --interactive --toc --toc-depth --max-bytes --source-url --unsafe
      --color --render --hyperlinks -w --width --ascii --outline
      -s --standalone --embed-resources --remote-images --no-highlight --title --lazy
      -h --help -V --version' -- "$cur"))
    return
  fi
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _collapse collapse
