# frozen_string_literal: true

# The game log transcript the 18xx.games site copies to the clipboard ("Copy transcript"),
# produced with the reference engine (/work/shared/tools/ref18xx/setup.sh installs it) for a
# record: one line per log entry, "[HH:MM] text", the time of the action that wrote it (UTC);
# chat as "[HH:MM] Sender: text"; entries written before the first action have no time.
#
# usage: REF18XX=/tmp/ref18xx ruby tools/ref_transcript.rb RECORD.json [OUT.txt]
require_relative 'ref_engine'
ENV['TZ'] = 'UTC'

module RefTranscript
  module_function

  def lines(data)
    game = Engine::Game.load(data, strict: false).maybe_raise!
    by_id = game.actions.to_h { |a| [a.id, a] }
    game.log.map do |entry|
      action = by_id[entry.action_id]
      text = entry.message
      text = "#{text.entity&.name || text.user}: #{text.message}" if text.is_a?(Engine::Action::Message)
      stamp = action&.created_at ? "[#{Time.at(action.created_at).utc.strftime('%R')}] " : ''
      "#{stamp}#{text}"
    end
  end
end

if $PROGRAM_NAME == __FILE__
  path = ARGV[0] or abort 'usage: ref_transcript.rb RECORD.json [OUT.txt]'
  text = RefTranscript.lines(JSON.parse(File.read(path))).join("\n") + "\n"
  ARGV[1] ? File.write(ARGV[1], text) : print(text)
end
