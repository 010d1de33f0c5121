# frozen_string_literal: true

# Prints who holds which certificate (18xx.games' share ids, e.g. PRR_1) after an action of a
# record, as the reference engine plays it: a developer aid for certificate identity (the state
# dumper shows percentages only).
#
# usage: REF18XX=/tmp/ref18xx ruby tools/ref_certs.rb RECORD.json ACTION_ID [CORP...]
require_relative 'ref_engine'

path, at, *corps = ARGV
abort 'usage: ruby tools/ref_certs.rb RECORD.json ACTION_ID [CORP...]' unless path && at
data = JSON.parse(File.read(path))
game = Engine::Game.load(data, strict: false, at_action: Integer(at))
game.corporations.each do |corp|
  next unless corps.empty? || corps.include?(corp.id)

  holders = corp.share_holders.keys.map do |h|
    name = h == game.share_pool ? 'pool' : (h == corp ? 'ipo' : h.id)
    ids = h.shares_of(corp).map(&:id)
    "#{name}: #{ids.join(' ')}" unless ids.empty?
  end.compact
  puts "#{corp.id}  #{holders.join(' | ')}"
end
