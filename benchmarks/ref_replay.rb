# frozen_string_literal: true

# The 18xx.games engine replaying 18xx.games records, timed, for benchmarks/replay_reference.py.
# Loads the engine from $REF18XX (installed as the shared ref18xx tools install it), then replays
# each record REPEAT times and prints one JSON line per record: the best replay time (the file
# read and parsed, the game built from its actions; CPU time of the process), the live actions
# and the final values.
#
# usage: REF18XX=DIR ruby benchmarks/ref_replay.rb [--all-titles] [--repeat N] RECORD.json ...
#   --all-titles: load the engine as its own entry point does (every title's code), not only
#                 the code of the records' title
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
require 'set'
require 'json'

all_titles = ARGV.delete('--all-titles')
repeat = 1
if (i = ARGV.index('--repeat'))
  repeat = ARGV[i + 1].to_i
  ARGV.slice!(i, 2)
end

home = ENV.fetch('REF18XX')
$LOAD_PATH.unshift(File.join(home, 'shim'))
require 'require_all'
titles = ARGV.map { |f| JSON.parse(File.read(f))['title'] }.uniq
if all_titles
  require File.join(home, 'lib', 'engine')
else
  require File.join(home, 'lib', 'engine', 'logger')
  titles.each do |t|
    base = File.join(home, 'lib', 'engine', 'game', "g_#{t.downcase}")
    require base
    require_all base
  end
end
Engine::Logger.set_level(Logger::FATAL)
loaded = Process.clock_gettime(Process::CLOCK_MONOTONIC)

def game_class(title)
  Engine::Game.const_get("G#{title.delete('_')}")::Game
end

ARGV.each do |path|
  best = nil
  game = nil
  repeat.times do
    s = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
    data = JSON.parse(File.read(path))
    names = data['players'].to_h { |p| [p['id'] || p['name'], p['name']] }
    settings = data['settings'] || {}
    game = game_class(data['title']).new(names, id: data['id'], actions: data['actions'],
                                                optional_rules: settings['optional_rules'] || [],
                                                seed: settings['seed'], strict: false)
    game.maybe_raise!
    took = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - s
    best = took if best.nil? || took < best
  end
  puts JSON.generate({ 'record' => File.basename(path), 'load_ms' => ((loaded - t0) * 1000).round(1),
                       'replay_ms' => (best * 1000).round(2), 'actions' => game.actions.size,
                       'result' => game.result.transform_keys(&:to_s) })
end
