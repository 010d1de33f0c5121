# frozen_string_literal: true

# Runs the reference state dumper (/work/shared/tools/ref18xx/state_dump.rb, same arguments) with
# one change to the reference engine: Graph#can_token? never answers from its cache. 18xx.games
# caches "can this corporation place a station?" per corporation and clears it when the graph is
# cleared; some rule paths (1861: stations freed by a nationalisation, a merger, a closing) change
# the stations without clearing it, so the site skips a station step the rules allow. With this
# change the comparison checks the rules, not that cache (docs/fidelity.md, "stale station cache").
#
# usage: REF18XX=/tmp/ref18xx ruby tools/ref_fresh_tokens.rb [state_dump.rb arguments]
require_relative 'ref_engine'

DUMPER = File.join(ENV.fetch('REF18XX_TOOLS', '/work/shared/tools/ref18xx'), 'state_dump.rb')

# The uncached station question: forget this corporation's cached answer, then ask the graph.
module UncachedCanToken
  def can_token?(corporation, cheater: false, same_hex_allowed: false, tokens: corporation.tokens_by_type)
    (cheater ? @cheater_tokens : @tokens).delete(corporation)
    super
  end
end
Engine::Graph.prepend(UncachedCanToken)

$PROGRAM_NAME = DUMPER
load DUMPER
