# fish completion for collapse(1): options, their values, and files.
# Installed as share/fish/vendor_completions.d/collapse.fish.

complete -c collapse -s f -l from -x -a 'markdown json' -d 'Read input as this format'
complete -c collapse -l title-key -x -d 'Title JSON array elements by this member'
complete -c collapse -s e -l expand -x -d 'Expand these sections and their ancestors'
complete -c collapse -s c -l collapse -x -d 'Collapse these sections'
complete -c collapse -l collapse-all -d 'Start with every section collapsed'
complete -c collapse -l expand-all -d 'Start with every section expanded'
complete -c collapse -s d -l depth -x -d 'Start with the first N levels expanded'
complete -c collapse -s t -l to -x -a 'text html' -d 'Write this format'
complete -c collapse -l color -x -a 'auto always never' -d 'Colour the tree'
complete -c collapse -s w -l width -x -d 'Cut lines wider than N columns'
complete -c collapse -l ascii -d 'Write only ASCII marks'
complete -c collapse -l outline -d 'Show section titles only'
complete -c collapse -l unsafe -d 'Keep raw HTML from the document'
complete -c collapse -s h -l help -d 'Show the help and exit'
complete -c collapse -s V -l version -d 'Show the version and exit'
