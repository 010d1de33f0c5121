# frozen_string_literal: true

# Developer aid: the track network 18xx.games computes (Graph#connected_hexes: hex -> edges) for every
# corporation with one, after every N-th live action of a record, as JSON {"id": {"CORP": {"HEX": [edges]}}}.
# Compared with pbem by tools/refgraph.py: the reference does not check a lay's connection while it
# loads a record, so refplay sees a graph difference only through what it changes later.
#
# usage: REF18XX=/tmp/ref18xx ruby tools/ref_graph.rb RECORD.json [N] > GRAPHS.json
require_relative 'ref_engine'
data = JSON.parse(File.read(ARGV[0]))
every = (ARGV[1] || 10).to_i
filtered, = Engine::Game::Base.filtered_actions(data['actions'])
ids = filtered.compact.reject { |a| a['type'] == 'message' }.map { |a| a['id'] }
ids = ids.each_slice(every).map(&:last)
out = {}
game = Engine::Game.load(data, strict: false, at_action: ids.first).maybe_raise!
ids.each_with_index do |id, i|
  if i.positive?
    game.instance_variable_set(:@loading, true)
    game.process_to_action(id)
    game.instance_variable_set(:@loading, false)
    game.maybe_raise!
  end
  game.graph.clear_graph_for_all
  cp = {}
  game.corporations.each do |c|
    next if c.closed?
    hx = game.graph.connected_hexes(c)
    next if hx.empty?
    cp[c.id] = hx.to_h { |h, e| [h.id, (e.respond_to?(:keys) ? e.keys : e).sort] }
  end
  out[id] = cp
end
puts JSON.generate(out)
