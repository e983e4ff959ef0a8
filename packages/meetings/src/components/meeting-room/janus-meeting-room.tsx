// The meeting room on the media server: the room's view (meeting-room.tsx) connected through
// janus.js. The join page loads this module lazily, so janus.js comes with the room only.
import { connectJanusRoom } from './janus-room';
import { MeetingRoom, type MeetingRoomProps } from './meeting-room';

export default function JanusMeetingRoom(props: Omit<MeetingRoomProps, 'connect'>) {
  return <MeetingRoom {...props} connect={connectJanusRoom} />;
}
