# frozen_string_literal: true

# Developer tool: random-but-plausible games played INSIDE the 18xx.games reference engine,
# every action chosen among the ones the engine's current steps offer, written as 18xx.games
# records (one file per seed) for pbem to replay (tools/refgen_check.py).
#
#   REF18XX=/tmp/ref18xx ruby tools/refgen.rb --title 1882 --seeds 1-20 [--players N] \
#        [--out DIR] [--max-actions 6000] [--lazy-runs P] [--avoid bid5,ebuy-others] \
#        [--path-timeout S] [--route-limit N] [-v]
#
# Players: 2 + seed % 5 (2 to 6) unless --players. One line per game: seed, players, actions,
# how it ended, seconds, and the actions the engine refused after offering them ("findings").
# Runs are the best combination found (pbem insists on the highest earnings, the reference
# does not); --lazy-runs P makes a run worse than that with probability P. --avoid leaves out
# moves where pbem is known to differ (being fixed): bid5 (bids only in $5 steps above the
# minimum), ebuy-others (no purchase of another corporation's train by a corporation that must buy one or is short of cash).
# --path-timeout and --route-limit bound the reference's path search for runs (default 1.5 s of
# wall time and 40 routes a train): most of an 1861 game's time; 0.5 and 20 about halve it.
require_relative 'ref_engine'
require_relative 'refgen/chooser'
require_relative 'refgen/candidates'
require_relative 'refgen/driver'

def refgen_seeds(text)
  text.split(',').flat_map do |part|
    a, b = part.split('-', 2)
    b ? (Integer(a)..Integer(b)).to_a : [Integer(a)]
  end
end

module RefGen
  # action types first, then the privates' actions, then the rest, each sorted by name
  def self.coverage_text(cov)
    cov.sort_by { |k, _| [k.include?(' ') ? (k.include?(' by ') || k.include?(' of ') ? 1 : 2) : 0, k] }
       .map { |k, v| "#{k} #{v}" }.join(', ')
  end
end

if $PROGRAM_NAME == __FILE__
  opts = { title: '1882', seeds: '1-5', players: 0, out: '/tmp/refgen-out', max: 6000, verbose: false }
  args = ARGV.dup
  until args.empty?
    a = args.shift
    case a
    when '--title' then opts[:title] = args.shift
    when '--seeds' then opts[:seeds] = args.shift
    when '--players' then opts[:players] = Integer(args.shift)
    when '--out' then opts[:out] = args.shift
    when '--max-actions' then opts[:max] = Integer(args.shift)
    when '--lazy-runs' then RefGen::OPTIONS[:lazy_runs] = Float(args.shift)
    when '--avoid' then RefGen::OPTIONS[:avoid] = args.shift.split(',')
    when '--path-timeout' then RefGen::OPTIONS[:path_timeout] = Float(args.shift)
    when '--route-limit' then RefGen::OPTIONS[:route_limit] = Integer(args.shift)
    when '-v' then opts[:verbose] = true
    else abort "unknown option #{a}"
    end
  end
  Dir.mkdir(opts[:out]) unless Dir.exist?(opts[:out])
  totals = Hash.new(0)
  coverage = Hash.new(0)
  refgen_seeds(opts[:seeds]).each do |seed|
    n = opts[:players].positive? ? opts[:players] : 2 + (seed % 5)
    t0 = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
    driver = RefGen::Driver.new(opts[:title], n, seed, max_actions: opts[:max], verbose: opts[:verbose])
    begin
      driver.play
    rescue StandardError => e
      driver.crash = "#{e.class}: #{e.message[0, 300]} @ #{e.backtrace&.first}"
    end
    secs = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - t0
    path = File.join(opts[:out], "#{opts[:title]}-p#{n}-s#{seed}.json")
    File.write(path, JSON.generate(driver.record)) if driver.game
    totals[driver.outcome_kind] += 1
    puts format('%<t>s seed %<s>d (%<n>d players): %<a>d actions, %<how>s, %<sec>.1f s%<f>s -> %<p>s',
                t: opts[:title], s: seed, n: n, a: driver.action_count, how: driver.outcome,
                sec: secs, f: driver.findings_text, p: path)
    cov = driver.game ? driver.coverage : {}
    cov.each { |k, v| coverage[k] += v }
    puts "    played: #{RefGen.coverage_text(cov)}"
    if opts[:verbose]
      puts "    times: #{RefGen::Candidates::TIMES.sort_by { |_, v| -v }.map { |k, v| format('%s %.1f', k, v) }.join(', ')}"
      RefGen::Candidates::TIMES.clear
    end
    $stdout.flush
  end
  puts "#{opts[:title]} played in all: #{RefGen.coverage_text(coverage)}"
  puts "#{opts[:title]}: #{totals.map { |k, v| "#{k} #{v}" }.join(', ')}"
end
